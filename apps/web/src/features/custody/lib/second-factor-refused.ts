// The server refused the factor that came with a confirmed consent (a wrong
// code, a passkey that failed): the consent is not used up, so the dialog
// stays open with the message and lets the person try again, with the fresh
// challenge of `secondFactor`. Its own file: the dialog's provider is in the
// first load, and must not bring the schemas run-chain-action reads.
import type { SecondFactorRequired } from '@gets/schema';

export class SecondFactorRefusedError extends Error {
  constructor(
    message: string,
    readonly secondFactor: SecondFactorRequired,
  ) {
    super(message);
    this.name = 'SecondFactorRefusedError';
  }
}
