// Who is on the other end of a connection, as the API and the web server both need to know it
// (ADR 015): loopback clients are this machine, and the web server tells the API the address of the
// visitor it acts for in two headers that only a holder of the shared proxy secret can set.

/** The visitor's address, as the web server saw it on its socket (set by the web server only). */
export const CLIENT_ADDRESS_HEADER = 'x-manga-client-ip';
/** The shared secret proving that CLIENT_ADDRESS_HEADER comes from our web server. */
export const PROXY_SECRET_HEADER = 'x-manga-proxy-secret';
/** Headers with which a proxy says where a request came from; their presence means "relayed". */
export const FORWARDING_HEADERS: readonly string[] = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  CLIENT_ADDRESS_HEADER,
];

/** The plain form of an address: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as IPv4, lower case, no zone. */
export function normalizeAddress(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, '');
  return plain.startsWith('::ffff:') && plain.includes('.') ? plain.slice('::ffff:'.length) : plain;
}

/** 127.0.0.0/8 and ::1: a client on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = normalizeAddress(address);
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain) || plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const isIpv4 = (value: string) => IPV4.test(value) && value.split('.').every((part) => Number(part) <= 255);

/** An IPv4 or IPv6 address as a client address header may carry (no ports, no names, no zones). */
export function isIpAddress(value: string): boolean {
  if (value.length === 0 || value.length > 45) return false;
  if (!value.includes(':')) return isIpv4(value);
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1) ?? '';
  const tail = last.includes('.') ? (isIpv4(last) ? 2 : -1) : 0;
  if (tail < 0) return false;
  const hex = tail ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const size = hex.length + tail;
  return halves.length === 2 ? size < 8 : size === 8;
}
