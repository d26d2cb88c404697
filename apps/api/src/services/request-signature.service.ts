// Checks the request signature of wire §2: web (x-manga-hash / x-kmanga-hash), Ciao
// (x-bambi-hash, no cookie part) and app (x-mgpk-hash, keyed by the user's hash_key).
import { type HashFunctions, signAppRequest, signCiaoRequest, signWebRequest } from '@manga/contracts';

export type SignatureVerdict = 'valid' | 'missing' | 'mismatch';

export interface SignatureHeaders {
  web?: string;
  ciao?: string;
  app?: string;
}

export interface SignatureInput {
  params: Record<string, string>;
  headers: SignatureHeaders;
  /** The birthday cookie's value and expiry, when the request has one. */
  birthday?: { value: string; expires: string };
}

export interface HashKeyLookup {
  findHashKeyByUserId(userId: number): Promise<string | undefined>;
}

export class RequestSignatureService {
  constructor(
    private readonly hashes: HashFunctions,
    private readonly users: HashKeyLookup,
    private readonly safeEqual: (a: string, b: string) => boolean,
  ) {}

  async verify({ params, headers, birthday }: SignatureInput): Promise<SignatureVerdict> {
    if (headers.web) {
      // Without a cookie the browser signs with empty strings (wire §2.1 step 6).
      const expected = signWebRequest(params, birthday?.value ?? '', birthday?.expires ?? '', this.hashes);
      return this.safeEqual(headers.web.toLowerCase(), expected) ? 'valid' : 'mismatch';
    }
    if (headers.ciao) {
      return this.safeEqual(headers.ciao.toLowerCase(), signCiaoRequest(params, this.hashes)) ? 'valid' : 'mismatch';
    }
    if (headers.app) {
      const userId = Number(params.user_id);
      if (!Number.isSafeInteger(userId) || userId <= 0) return 'mismatch';
      const hashKey = await this.users.findHashKeyByUserId(userId);
      if (!hashKey) return 'mismatch';
      const { hash_key: _sentKey, ...signed } = params;
      return this.safeEqual(headers.app.toLowerCase(), signAppRequest(signed, hashKey, this.hashes))
        ? 'valid'
        : 'mismatch';
    }
    return 'missing';
  }
}
