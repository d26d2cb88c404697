// Whose request this is, by address (ADR 015): the web server acts for its visitors and tells us
// each one's address in CLIENT_ADDRESS_HEADER, proved by the shared proxy secret; without that
// proof the address is the connection's (or, behind MANGA_TRUST_PROXY, the load balancer's word).
// Login and mail limits count per client with this address; the outbox serves local clients only.
import { isIpAddress, isLoopbackAddress, normalizeAddress } from '@manga/contracts';

export interface RequestSource {
  /** The client's address: the web server's visitor, else the connection's peer (or trusted proxy's word). */
  address: string;
  /** The address came from our web server over the trusted hop. */
  viaWebServer: boolean;
  /**
   * A client on this machine: the connection is loopback and, when someone relays the request,
   * the relay is our web server and its visitor is loopback too. Forwarding headers only ever
   * make a request less local.
   */
  local: boolean;
  /** A proxy secret was sent and did not match (a misconfigured web server, or a forgery). */
  rejectedHop: boolean;
}

export interface RequestSourceInput {
  /** The TCP peer. */
  socketAddress: string;
  /** Fastify's request.ip: the peer, or what X-Forwarded-For says when MANGA_TRUST_PROXY is on. */
  proxiedAddress: string;
  /** Whether any forwarding header (Forwarded, X-Forwarded-For, X-Real-IP, the client header) was sent. */
  relayed: boolean;
  claimedAddress: string | undefined;
  claimedSecret: string | undefined;
}

export class ClientAddressResolver {
  constructor(
    private readonly proxySecret: string,
    private readonly safeEqual: (a: string, b: string) => boolean,
  ) {}

  resolve(input: RequestSourceInput): RequestSource {
    const proven = input.claimedSecret !== undefined && this.safeEqual(input.claimedSecret, this.proxySecret);
    const claimed = input.claimedAddress?.trim() ?? '';
    const viaWebServer = proven && isIpAddress(claimed);
    const address = normalizeAddress(viaWebServer ? claimed : input.proxiedAddress);
    const socketLocal = isLoopbackAddress(input.socketAddress);
    return {
      address,
      viaWebServer,
      local: socketLocal && (!input.relayed || (viaWebServer && isLoopbackAddress(address))),
      rejectedHop: input.claimedSecret !== undefined && !proven,
    };
  }
}
