// Which hosts a media's page may be loaded from. The room's stage loads the page in every guest's
// browser, inside the guest's own network: an address on a loopback, private or link-local network
// would turn each room into a way to reach the machines beside its guests (a router's admin page, a
// cloud's metadata service at 169.254.169.254, a service on their own machine). So in production a
// page's host must be a public one. The domain's schema has already checked the address's shape
// (https, or http on localhost; no credentials); this adds what needs node's URL parser, which reads the
// host as browsers do (`https://2130706433/`, `https://0x7f.1/` and `https://0177.0.0.1/` are all
// 127.0.0.1, `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`).
//
// A name is judged by what it says, not by what it resolves to: resolving at save time would prove
// nothing about the browser's resolution later (DNS rebinding), and the server never loads the page.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type PageAddressPolicy = {
  /**
   * Whether a page may be on this machine (`localhost`, 127.0.0.0/8, `[::1]`): outside production, where
   * an agency's build (or the example media) is served locally. Private networks stay refused even then:
   * nothing in development needs them. A server setting (from NODE_ENV), never a client's.
   */
  allowLoopback: boolean;
};

/** IPv4 networks no public page is on. */
const NON_PUBLIC_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the machine itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT: a provider's internal network
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 networks no public page is on (IPv4-mapped addresses are checked against the IPv4 list). */
const NON_PUBLIC_V6: ReadonlyArray<[string, number]> = [
  ['::', 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64: an IPv4 address of any kind behind a translator
  ['2002::', 16], // 6to4: the same, through a relay
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) nonPublic.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** `localhost` and its subdomains (RFC 6761: they always mean this machine), with or without the final dot. */
const isLocalhostName = (host: string) => /(^|\.)localhost$/.test(host);

/** What kind of host a URL's hostname is: an IP address (v4 or v6), or a name. */
function hostKind(hostname: string): { name: string } | { ip: string; family: 'ipv4' | 'ipv6' } {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return { ip: bare, family: 'ipv4' };
  if (isIPv6(bare)) return { ip: bare, family: 'ipv6' };
  return { name: hostname.replace(/\.$/, '') };
}

function isLoopback(hostname: string): boolean {
  const host = hostKind(hostname);
  return 'name' in host ? isLocalhostName(host.name) : loopback.check(host.ip, host.family);
}

function isNonPublic(hostname: string): boolean {
  const host = hostKind(hostname);
  return 'name' in host ? isLocalhostName(host.name) : nonPublic.check(host.ip, host.family);
}

/**
 * Why a page may not be loaded from `address` under `policy`, as a message for the `page_url` field,
 * or null when it may.
 */
export function pageAddressProblem(address: string, policy: PageAddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a web address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// address';
  if (policy.allowLoopback && isLoopback(url.hostname)) return null;
  if (isNonPublic(url.hostname)) {
    return `must be a public address: ${url.hostname} is a loopback, private or link-local address, which the room would load in every guest's browser, inside the guest's own network`;
  }
  // The schema lets http through for localhost only, which is refused above outside development.
  if (url.protocol !== 'https:') return 'must be an https:// address';
  return null;
}
