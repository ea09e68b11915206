import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell the gateway who the client is (TRUSTED_PROXIES), in the form Fastify's
 * `trustProxy` takes: `false` (the default: the socket's address is the client, X-Forwarded-For is
 * ignored), a list of addresses and CIDR ranges, or a trust function for a number of hops.
 * X-Forwarded-For is read from the right and each entry counts only while the hop that added it is
 * trusted, so a client cannot prepend a made-up address.
 */
export type TrustedProxies = false | string[] | ((address: string, hop: number) => boolean);

/** The client's address as the gateway decided it, sent to every service (always overwritten). */
export const CLIENT_ADDRESS_HEADER = 'x-spa-client-address';

/** proxy-addr's names for the loopback, link-local and private ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const)
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local or carrier-grade NAT: an address the internet cannot connect from. */
export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return PRIVATE_RANGES.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count alone would trust whatever connects (Fastify refuses it for that reason: a client on
 * the internet reaching the gateway directly could claim any address). Here the nearest of the
 * counted proxies must connect from a private address, so only a peer inside the deployment is heard.
 */
function trustHops(hops: number) {
  return (address: string, hop: number) => hop < hops && (hop > 0 || isPrivateAddress(address));
}

/**
 * Reads TRUSTED_PROXIES: empty or unset → nobody; `1`, `2`… → that many hops, the nearest
 * connecting from a private address; otherwise a comma-separated
 * list of IPs and CIDRs (or `loopback`, `linklocal`, `uniquelocal`). Returns the problem for a bad value.
 */
export function parseTrustedProxies(
  raw: string | undefined,
): { value: TrustedProxies } | { problem: string } {
  const text = raw?.trim() ?? '';
  if (text === '') return { value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { problem: `TRUSTED_PROXIES as a hop count must be at most 10, got ${hops}` };
    return { value: hops === 0 ? false : trustHops(hops) };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0)
    return {
      problem: `TRUSTED_PROXIES must be a hop count or a comma-separated list of IP addresses and CIDR ranges, got "${bad.join('", "')}"`,
    };
  return { value: entries };
}
