// The soak's section of docs/performance.md (issue 29): one instance under a steady event-like load for
// minutes, its latencies, what every client checked, and the server's CPU and memory, against the targets.
import { SOAK_TARGETS, type SoakResult } from './soakPlan.ts';

export const SOAK_SECTION_HEADING = '## Soak (issue 29)';

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const mib = (value: number) => `${value.toFixed(0)} MiB`;
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

export function soakSection(result: SoakResult | { error: string } | null): string[] {
  if (result === null) return [SOAK_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result) return [SOAK_SECTION_HEADING, '', `The soak failed: ${result.error}`, ''];
  const { plan, server } = result;
  const lost = result.lostVersions + result.missedChats;
  const duplicated = result.duplicatedVersions + result.duplicatedChats;
  const checks = [
    { what: `ack p99 <= ${SOAK_TARGETS.p99Ms} ms`, met: result.ack.p99 <= SOAK_TARGETS.p99Ms },
    { what: `delivery p99 <= ${SOAK_TARGETS.p99Ms} ms`, met: result.delivery.p99 <= SOAK_TARGETS.p99Ms },
    { what: '0 lost', met: lost === 0 && result.unanswered === 0 },
    { what: '0 duplicated', met: duplicated === 0 },
    {
      what: `heap growth < ${SOAK_TARGETS.heapGrowth * 100} %`,
      met: server.heapGrowth < SOAK_TARGETS.heapGrowth,
    },
  ];
  const heapPerCommand =
    result.acknowledged > 0
      ? ((server.heapMiBEnd - server.heapMiBStart) * 1024 * 1024) / result.acknowledged
      : Number.NaN;
  return [
    SOAK_SECTION_HEADING,
    '',
    `Measured by \`${result.command}\` (\`bench/soak/\`) on ${result.date} UTC` +
      `${result.quick ? ' (a quick run: 1 minute, fewer people, indicative only)' : ''}, load average ` +
      `(1/5/15 min) ${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end ` +
      '(2 cores shared with other work: the server on one, the generators on the other, PostgreSQL on either).',
    `One LabLive instance (in-process bus), ${int(result.clients)} WebSocket clients in ${int(plan.rooms)} rooms of ` +
      `${plan.perRoom} (the first of each an animator), in ${plan.generators} generator process(es), for ` +
      `${plan.minutes} min after all were in (${result.setupSeconds.toFixed(0)} s to get them in). Each client sends a chat ` +
      `message every ${plan.chatEverySeconds} s (staggered) and toggles its audio about every ${plan.audioEverySeconds} s; ` +
      `each room's animator creates and starts a poll every ${plan.pollEverySeconds} s and closes it later, everyone ` +
      `votes; ${pct(plan.reconnectsPerMinute)} of the sockets per minute close and resume from their last version, ` +
      'sending again with the same ids the commands not answered before the cut (as packages/client does). ' +
      'Acknowledgement: command sent → its ack. Delivery: chat message sent → received by every other client of the ' +
      'room connected then. Every client checks its room versions arrive contiguous and once, and that every ' +
      'acknowledged chat message stored after it first came reached it once. The heap is read through the ' +
      "server's inspector after a forced full collection, once everyone is in and again at the end, everyone " +
      'still connected.',
    '',
    '| | p50 | p99 | max | count |',
    '|---|---|---|---|---|',
    `| acknowledgement | ${ms(result.ack.p50)} | **${ms(result.ack.p99)}** | ${ms(result.ack.max)} | ${int(result.ack.count)} |`,
    `| delivery to the whole room | ${ms(result.delivery.p50)} | **${ms(result.delivery.p99)}** | ${ms(result.delivery.max)} | ${int(result.delivery.count)} |`,
    '',
    '| sent | acknowledged | rejected | sent again after a resume | never answered | reconnections | closed by the server | deliveries/s |',
    '|---|---|---|---|---|---|---|---|',
    `| ${int(result.sent.chat)} chat, ${int(result.sent.audio)} audio, ${int(result.sent.polls)} polls, ${int(result.sent.votes)} votes | ${int(result.acknowledged)} | ${int(result.rejected)} | ${int(result.resent)} | ${int(result.unanswered)} | ${int(result.reconnections)} | ${int(result.closedByServer)} | ${int(result.deliveriesPerSecond)} |`,
    '',
    '| lost versions | duplicated versions | missed chat messages | chat messages twice |',
    '|---|---|---|---|',
    `| ${int(result.lostVersions)} | ${int(result.duplicatedVersions)} | ${int(result.missedChats)} | ${int(result.duplicatedChats)} |`,
    '',
    '| server | start | end |',
    '|---|---|---|',
    `| heap used after a full GC | ${mib(server.heapMiBStart)} | ${mib(server.heapMiBEnd)} (${server.heapGrowth >= 0 ? '+' : ''}${pct(server.heapGrowth)}) |`,
    `| resident memory | ${mib(server.rssMiBStart)} | ${mib(server.rssMiBEnd)} |`,
    `| CPU over the run | | ${server.cpuCores.toFixed(2)} cores |`,
    `| event-loop lag over the run | | p99 ${ms(server.eventLoopLagP99Ms ?? Number.NaN)}, max ${ms(server.eventLoopLagMaxMs ?? Number.NaN)} |`,
    '',
    `- **Targets: ${checks.map((check) => `${check.what}: ${check.met ? 'met' : 'not met'}`).join('; ')}.**`,
    `- Heap growth per command acknowledged during the run: ${Number.isFinite(heapPerCommand) ? `${int(heapPerCommand)} bytes` : 'n/a'} ` +
      `(${int(result.acknowledged)} commands, ${int(result.chatMessagesHeld)} of them chat messages): what the loaded rooms keep ` +
      '(their recent commands, for retries, and their recent chat) and anything else that grows.',
    `- The generators used ${result.generators.map((g) => `${g.cpuCores.toFixed(2)} cores (event loop delay p99 ${ms(g.loopDelayP99Ms)})`).join(' and ')}: ` +
      'a latency a generator adds by its own queueing is in the figures above.',
    ...(result.closedByServer > 0
      ? [
          `- Sockets closed by the server: ${Object.entries(result.closeCodes)
            .map(([code, count]) => `${count} × ${code}`)
            .join(', ')} (each client resumed 0.5 s later).`,
        ]
      : []),
    ...(result.stuckClients.length > 0
      ? [
          `- ${int(result.notLiveAtEnd)} client(s) not in their room at the end. Clients that missed messages or were not in their room (first ${result.stuckClients.length}):`,
          ...result.stuckClients.map((line) => `  - ${line}`),
        ]
      : []),
    ...(result.rejectedSamples.length > 0
      ? [`- Rejections seen (first ${result.rejectedSamples.length}): ${result.rejectedSamples.join('; ')}.`]
      : []),
    '',
  ];
}
