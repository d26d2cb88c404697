// The request signature's hash functions on node:crypto (`@manga/contracts/node-hashes`), for the
// servers: the API checking signatures and the web server signing its calls. Several times faster
// than the pure-JS ones the browser uses (signature.ts); never imported by browser code.
import { createHash } from 'node:crypto';
import type { HashFunctions } from './signature.ts';

const hex = (algorithm: string, value: string) => createHash(algorithm).update(value, 'utf8').digest('hex');

export const nodeHashes: HashFunctions = {
  sha256: (value) => hex('sha256', value),
  sha512: (value) => hex('sha512', value),
  md5: (value) => hex('md5', value),
};
