/** A pact file's content (the Pact specification's V2 or V3 JSON), as `contracts/check.ts` reads it. */
export interface PactInteraction {
  readonly description: string;
  readonly providerStates?: readonly {
    readonly name: string;
    readonly params?: Readonly<Record<string, unknown>>;
  }[];
  readonly providerState?: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    /** V3: name → values; V2: a query string. */
    readonly query?: Readonly<Record<string, readonly string[]>> | string;
    readonly headers?: Readonly<Record<string, string | readonly string[]>>;
    readonly body?: unknown;
  };
  readonly response: {
    readonly status: number;
    readonly headers?: Readonly<Record<string, string | readonly string[]>>;
    readonly body?: unknown;
  };
}

export interface Pact {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: readonly PactInteraction[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}
