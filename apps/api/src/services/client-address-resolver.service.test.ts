import { describe, expect, it } from 'vitest';
import { ClientAddressResolver, type RequestSourceInput } from '#src/services/client-address-resolver.service.ts';

const SECRET = 's'.repeat(43);
const resolver = new ClientAddressResolver(SECRET, (a, b) => a === b);
const direct = (over: Partial<RequestSourceInput> = {}): RequestSourceInput => ({
  socketAddress: '203.0.113.5',
  proxiedAddress: '203.0.113.5',
  relayed: false,
  claimedAddress: undefined,
  claimedSecret: undefined,
  ...over,
});

describe('ClientAddressResolver', () => {
  it('takes the connection when nobody relays', () => {
    expect(resolver.resolve(direct())).toEqual({
      address: '203.0.113.5',
      viaWebServer: false,
      local: false,
      rejectedHop: false,
    });
    expect(
      resolver.resolve(direct({ socketAddress: '::ffff:127.0.0.1', proxiedAddress: '::ffff:127.0.0.1' })),
    ).toMatchObject({ address: '127.0.0.1', local: true });
  });

  it("takes the web server's visitor only with the proxy secret", () => {
    const hop = { socketAddress: '127.0.0.1', proxiedAddress: '127.0.0.1', relayed: true };
    expect(resolver.resolve(direct({ ...hop, claimedAddress: '198.51.100.7', claimedSecret: SECRET }))).toEqual({
      address: '198.51.100.7',
      viaWebServer: true,
      local: false,
      rejectedHop: false,
    });
    expect(resolver.resolve(direct({ ...hop, claimedAddress: '198.51.100.7', claimedSecret: 'guess' }))).toEqual({
      address: '127.0.0.1',
      viaWebServer: false,
      local: false,
      rejectedHop: true,
    });
    expect(resolver.resolve(direct({ ...hop, claimedAddress: '198.51.100.7' }))).toMatchObject({
      address: '127.0.0.1',
      viaWebServer: false,
      local: false,
    });
    expect(resolver.resolve(direct({ ...hop, claimedAddress: 'not an address', claimedSecret: SECRET }))).toMatchObject(
      { address: '127.0.0.1', viaWebServer: false, local: false },
    );
    expect(resolver.resolve(direct({ ...hop, claimedAddress: '::1', claimedSecret: SECRET }))).toMatchObject({
      address: '::1',
      local: true,
    });
  });

  it('never lets a header make a remote connection local', () => {
    expect(
      resolver.resolve(
        direct({ proxiedAddress: '127.0.0.1', relayed: true, claimedAddress: '127.0.0.1', claimedSecret: SECRET }),
      ).local,
    ).toBe(false);
  });
});
