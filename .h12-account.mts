import { createAccountByApi } from './e2e/outbox.ts';
await createAccountByApi(process.argv[2]!, process.argv[3]!);
console.log('created');
