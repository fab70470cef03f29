import proxyAddr from 'proxy-addr';

/**
 * Which peers may tell the gateway, through X-Forwarded-For and X-Forwarded-Proto, who the client is. Express's
 * "trust proxy" setting: false (nobody), or the addresses and subnets of the proxies in front of the gateway.
 * The client address then is the rightmost X-Forwarded-For entry not added by one of them, so a client that
 * reaches the gateway directly cannot choose its own address (and escape per-client limits).
 */
export type TrustedProxies = false | string[] | number;

/**
 * TRUST_PROXY: empty, `false` or `0` (the default: no proxy); or comma-separated addresses and subnets
 * (`10.0.0.0/8`, `fd00::/8`) and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`; or a hop count `N`,
 * right only when every request passes exactly N proxies. `true` (trust anyone) is refused.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'off' || text === 'no') return false;
  if (text === 'true' || text === 'yes' || text === 'on') {
    throw new Error(
      'must name the proxies in front of the gateway (addresses or subnets, e.g. "loopback" or "10.0.0.0/8", or a hop count): ' +
        '"true" would let any client choose its own address',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  // proxy-addr (Express's own parser) throws on an entry it cannot read.
  proxyAddr.compile(entries);
  return entries;
}
