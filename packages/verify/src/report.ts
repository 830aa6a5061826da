// The verifier's report for people: a few lines an inspector can paste into a finding. What was
// verified, against which key and how far it can be trusted, then OK or the first problem.
import { KEY_SOURCES, type VerifyResult } from './verifyResult.ts';

const count = (n: number) => n.toLocaleString('en-US');

function keyLine(result: VerifyResult): string {
  const { key } = result;
  if (!key) return 'none readable';
  const id = `${key.name}+${key.id}`;
  return key.source === KEY_SOURCES.trusted
    ? `${id} (the key you gave with --key)`
    : `${id} (taken from the package itself: compare key ID ${key.id} with the lab's published key, or pass that key with --key)`;
}

export function humanReport(result: VerifyResult): string {
  const lines = [
    `Package:  ${result.package}`,
    `Kind:     ${result.kind ?? '-'}    Origin: ${result.origin ?? '-'}    Created: ${result.createdAt ?? '-'}`,
    `Events:   ${count(result.events)}${result.verified ? '' : ' in order and unaltered before the problem'}${result.checkpoint ? `; the checkpoint signs ${count(result.checkpoint.size)}` : ''}`,
    `Root:     ${result.checkpoint?.root ?? '-'} (signed)`,
  ];
  if (result.root && result.root !== result.checkpoint?.root)
    lines.push(`          ${result.root} (of the events read)`);
  lines.push(`Key:      ${keyLine(result)}`);
  const extension = result.extends;
  if (extension) {
    const earlier = extension.events === null ? '' : ` (${count(extension.events)} events)`;
    const verdict =
      extension.extended === true
        ? `this export extends it (consistency proof of ${extension.proofHashes} hashes, RFC 9162)`
        : extension.extended === false
          ? 'this export does NOT extend it'
          : 'not established';
    lines.push(`Extends:  ${extension.package}${earlier}: ${verdict}`);
  }
  lines.push('');
  if (result.verified) {
    const events = result.checkpoint ? count(result.checkpoint.size) : '0';
    lines.push(`VERIFIED: the ${events} events are exactly those the key above signed, in order, unaltered.`);
    if (result.key?.source === KEY_SOURCES.package) {
      lines.push(`Only as far as the key: check that ${result.key.id} is the lab's published key ID.`);
    }
  } else {
    lines.push(`NOT VERIFIED: ${result.problem?.message ?? 'unknown problem'}`);
  }
  return lines.join('\n');
}
