/**
 * The one signature of the steps of the request path (`handle.ts`), as node-oidc-provider's actions and hono's
 * middleware take one context: a step is a function of the exchange (what is known of the request so far, which it
 * may add to) and of the pipeline's services (what every request of one listener shares). It answers (the request
 * stops there), throws the error that answers, or returns undefined (the next step runs); a step that has to wait
 * returns a promise, and one that need not returns at once.
 */
import type { Answer } from '../answer.ts';
import type { Services } from '../context.ts';
import type { MockRequest } from '../protocol/request.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { DocumentPath, DocumentRoutes } from './document-routes.ts';
import type { Exchange } from './exchange.ts';

export interface PipelineOptions {
  readonly api: DocumentPath;
  /** The control plane; undefined with `--no-admin`. */
  readonly admin: DocumentPath | undefined;
  readonly trustProxy: boolean;
  readonly lenientQuery: boolean;
  /** Origins that may call `/__admin` cross-origin (`--admin-cors`). */
  readonly adminOrigins: readonly string[];
  /** Host names `/__admin` answers to besides loopback ones: the `--host` address, the issuer's, `--allowed-host`. */
  readonly adminHosts: readonly string[];
  /** The bearer token `/__admin` requires (`--admin-token`). */
  readonly adminToken: string | undefined;
  /** Accepted `X-API-Version` values; the first is sent on every answer. */
  readonly apiVersions: readonly string[];
  /** Called with every failure the mock did not mean (answered as a 500). */
  readonly onError: (error: unknown, request: MockRequest) => void;
}

/** What every step of one listener's request path shares. */
export interface PipelineServices {
  /** The mock's services (the handlers' too). */
  readonly services: Services;
  readonly options: PipelineOptions;
  /** The identity API's routes, and the control plane's (undefined with `--no-admin`). */
  readonly api: DocumentRoutes;
  readonly admin: DocumentRoutes | undefined;
  /** `options.adminHosts`, lower case. */
  readonly adminHosts: ReadonlySet<string>;
  /** The paths of the browser-navigation routes, read from the spec (`x-error-shape: page`): no CORS. */
  readonly navigation: ReadonlySet<string>;
  /** Where `GET /` from a browser goes: the console, or the API reference without the control plane. */
  readonly home: string;
  /** The path of a pinned issuer (`--issuer http://host/tenant`), under which the authorization server answers too. */
  readonly issuerPath: string | undefined;
  /** Which operations of the identity API this listener serves (`--auth-port`). */
  readonly serves: (operation: OperationSpec) => boolean;
}

/** A step of the request path: an answer, undefined to go on, or the promise of either. */
export type Step = (x: Exchange, s: PipelineServices) => Answer | undefined | Promise<Answer | undefined>;
