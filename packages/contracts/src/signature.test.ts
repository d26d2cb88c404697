import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type HashFunctions,
  hashPair,
  nobleHashes,
  signAppRequest,
  signCiaoRequest,
  signWebRequest,
} from './signature.ts';

const nodeHex = (algorithm: string) => (s: string) => createHash(algorithm).update(s, 'utf8').digest('hex');
const nodeHashes: HashFunctions = { sha256: nodeHex('sha256'), sha512: nodeHex('sha512'), md5: nodeHex('md5') };

describe('nobleHashes', () => {
  it.each(['', 'a', '2000-01', 'ünïcødé ✓ 漫画', '😀'.repeat(50), 'x'.repeat(1000)])(
    'matches node:crypto on %j',
    (input) => {
      expect(nobleHashes.sha256(input)).toBe(nodeHashes.sha256(input));
      expect(nobleHashes.sha512(input)).toBe(nodeHashes.sha512(input));
      expect(nobleHashes.md5(input)).toBe(nodeHashes.md5(input));
    },
  );

  it('returns lower-case hex of the expected lengths', () => {
    expect(nobleHashes.sha256('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(nobleHashes.sha512('x')).toMatch(/^[0-9a-f]{128}$/);
    expect(nobleHashes.md5('x')).toMatch(/^[0-9a-f]{32}$/);
  });
});

// wire §2.5 test vectors.
describe('hashPair', () => {
  it('matches the TOSHO vector for ("key", "value")', () => {
    const pair = hashPair('key', 'value');
    const [keyHash, valueHash] = pair.split('_');
    expect(keyHash).toBe('2c70e12b7a0646f92279f427c7b38e7334d8e5389cff167a1dc30e73f826b683');
    expect(valueHash).toHaveLength(128);
    expect(valueHash?.startsWith('ec2c83ed')).toBe(true);
    expect(valueHash?.endsWith('97527296')).toBe(true);
  });
});

describe('signWebRequest', () => {
  it.each([
    [
      { test: '1' },
      '1992-06',
      '1793814475',
      '9c3d7415e1db9e285fb8c72e353ad115cb53bdfbf34e58a332ea63b6fc76955beb9205e1c4fae6b21fe0c93ce42c7a51f678b5e35d18e10f2d47e7918803d1af',
    ],
    [
      {},
      '1992-06',
      '1793814475',
      'a0814e13124e593b27aa03e80a878f81382e73f7eb3c90e437f4d88c7b69e092b668d2a41ace51251a4a8c85c4b1fe8eba20b78636ce73651ab62648f2871ddd',
    ],
    [
      { test: '[1, 2]', abc: '2025-01-01' },
      '1992-06',
      '1793814475',
      '5edc060202d55092d20f8312373a3527a7b87ea69e478a8ad5e27395eb0f209fa657b7fedcfce727d20b78c3efe4298fc8519f71f3cdbe303c09b18887f595f8',
    ],
    [
      { episode_id: '311334' },
      '2000-01',
      '1893456000',
      '761b355b0bcd52a57fa4f821e18d61599944932eb3330230e7a8b5c9188b572867027cc4addc740f5afd65972cc0ac16f2c14413ed938077bbf46e20ada4b8a2',
    ],
    [
      { platform: '3', version: '6.0.0', episode_id: '1001' },
      '2000-01',
      '1893456000',
      '219b66f1f84928820f2abfd91647f32739c964dafa6950e2c7a0f2ba34adab251a6f585b686086c4f758864cb549d0baa7e6b9af41d0934715a61c88125e259e',
    ],
    [
      { episode_id: '1' },
      '',
      '',
      'a04f4c644339575a5b62b2055148aadbbcfcb7968ac7e6f2c23736f6c00e3c274bc8180eb916a08766cf0cd97e391a21a990664f0d705e919dab3e28c7b7c703',
    ],
    [
      {},
      '',
      '',
      '5dfa62945f99778738d39e9e73d7ae2d8963409b6bf67bcd9344fc48cfb36882f8ce83356488b000f4cb7640eccf8d24084ca7d9f19006d8c44ca62631ac6ad3',
    ],
  ])('signs %j with (%j, %j)', (params, birthday, expires, expected) => {
    expect(signWebRequest(params, birthday, expires)).toBe(expected);
    expect(signWebRequest(params, birthday, expires, nodeHashes)).toBe(expected);
  });

  it('does not depend on parameter insertion order', () => {
    const a = signWebRequest({ b: '2', a: '1', c: '3' }, '2000-01', '1');
    expect(signWebRequest({ c: '3', a: '1', b: '2' }, '2000-01', '1')).toBe(a);
  });

  it('changes with any value, the birthday or the expiry', () => {
    const base = signWebRequest({ episode_id: '1' }, '2000-01', '1');
    expect(signWebRequest({ episode_id: '2' }, '2000-01', '1')).not.toBe(base);
    expect(signWebRequest({ episode_id: '1' }, '2000-02', '1')).not.toBe(base);
    expect(signWebRequest({ episode_id: '1' }, '2000-01', '2')).not.toBe(base);
  });
});

describe('signCiaoRequest', () => {
  it('matches the docs/reference/wire.md vector', () => {
    expect(signCiaoRequest({ episode_id: '1001', platform: '3' })).toBe(
      '23a7049a8bd70c1145972561f1b972402ce5649bd9e8d2d2d0976cef374a93f5a1d101234b019c6115426276d7c466870aad78b12b1852bcde0c5a48fd1e6a59',
    );
  });

  it('differs from the empty-cookie web signature', () => {
    expect(signCiaoRequest({ episode_id: '1' })).not.toBe(signWebRequest({ episode_id: '1' }, '', ''));
  });
});

describe('signAppRequest', () => {
  const params = { platform: '2', version: '6.3.5', disp_version: '2.6.5', user_id: '123', title_id_list: '10007' };
  const expected = '653f5103be2a6bf2ab2be9e479eec29f302059768684eb435a359d02098e022b';

  it('matches the docs/reference/wire.md vector', () => {
    expect(signAppRequest(params, 'abcxyz')).toBe(expected);
    expect(signAppRequest(params, 'abcxyz', nodeHashes)).toBe(expected);
  });

  it('depends on the hash key', () => {
    expect(signAppRequest(params, 'other')).not.toBe(expected);
  });
});
