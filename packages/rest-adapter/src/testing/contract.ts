/**
 * Contract testing against the served OpenAPI document: load `GET /api/openapi.json` once per
 * server, compile every schema with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1, plus
 * ajv-formats), and check observed responses against the operation they answer.
 *
 * - A response to a documented operation must have a documented status, and its body must
 *   validate against that status's schema (or be empty when the status has no content).
 * - A request to a path under `/api` that no operation matches must answer 404 `{detail}`, as
 *   the document's description promises.
 * - Paths outside `/api` (the web app, `/trpc`) are not part of the document and are skipped.
 *
 * `assertMatchesContract` is wired into the server's test request helper (`api()` in
 * packages/server/src/testing.ts), so every REST response of the integration suite is checked.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** One observed exchange. `body` is the parsed JSON, the raw text if not JSON, null if empty. */
export interface ResponseSample {
  method: string;
  /** The request path, with its query string if any. */
  path: string;
  status: number;
  body: unknown;
}

type Json = Record<string, unknown>;

interface CompiledResponse {
  /** null: the status has no body. */
  validate: ValidateFunction | null;
}

interface CompiledOperation {
  method: string;
  template: string;
  pattern: RegExp;
  staticSegments: number;
  responses: Map<number, CompiledResponse>;
}

const SCHEMAS_ID = 'urn:cipherspace:openapi:components';
const COMPONENT_REF = '#/components/schemas/';

// ajv-formats is CommonJS: its default export is the plugin (under `.default` in some loaders).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** Thrown when a response breaks the contract; the message lists every violation. */
export class ContractViolation extends Error {
  constructor(readonly violations: string[]) {
    super(`Response breaks the OpenAPI contract:\n- ${violations.join('\n- ')}`);
    this.name = 'ContractViolation';
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep copy with every `#/components/schemas/X` reference pointed at the Ajv schema `$defs`. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_REF)) {
      result[key] = `${SCHEMAS_ID}#/$defs/${item.slice(COMPONENT_REF.length)}`;
    } else {
      result[key] = rewriteRefs(item);
    }
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The compiled contract of one OpenAPI document. */
export class ApiContract {
  /** Problems of the document itself (empty for a sound document). */
  readonly documentProblems: string[] = [];
  readonly operations: CompiledOperation[] = [];
  private readonly ajv: Ajv2020;
  private readonly errorValidator: ValidateFunction;

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(this.ajv);

    const openapi = document.openapi;
    if (typeof openapi !== 'string' || !/^3\.1\.\d+$/.test(openapi)) {
      this.documentProblems.push(`openapi is ${JSON.stringify(openapi)}, not 3.1.x`);
    }
    const components = isObject(document.components) ? document.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    this.ajv.addSchema({ $id: SCHEMAS_ID, $defs: rewriteRefs(schemas) });
    for (const name of Object.keys(schemas)) {
      try {
        this.ajv.getSchema(`${SCHEMAS_ID}#/$defs/${name}`);
      } catch (error) {
        this.documentProblems.push(`components.schemas.${name}: ${String(error)}`);
      }
    }
    this.errorValidator = this.compile({ $ref: `${COMPONENT_REF}Error` }, 'Error');

    const paths = isObject(document.paths) ? document.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!isObject(operation)) continue;
        this.operations.push(this.compileOperation(method.toUpperCase(), template, operation));
      }
    }
  }

  /** Fetches and compiles the document a server serves at `/api/openapi.json`. */
  static async load(baseUrl: string): Promise<ApiContract> {
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    if (response.status !== 200) {
      throw new Error(`GET /api/openapi.json answered ${response.status}`);
    }
    return new ApiContract((await response.json()) as Json);
  }

  /** The operation a request is routed to (static segments win over parameters), or null. */
  operationFor(method: string, path: string): CompiledOperation | null {
    const pathname = path.split('?')[0] ?? path;
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    let best: CompiledOperation | null = null;
    for (const operation of this.operations) {
      if (operation.method !== wanted || !operation.pattern.test(pathname)) continue;
      if (!best || operation.staticSegments > best.staticSegments) best = operation;
    }
    return best;
  }

  /** Every way `sample` breaks the contract (empty when it keeps it). */
  violations(sample: ResponseSample): string[] {
    const pathname = sample.path.split('?')[0] ?? sample.path;
    if (!/^\/api(\/|$)/.test(pathname)) return [];
    const where = `${sample.method} ${sample.path} → ${sample.status} ${JSON.stringify(sample.body)}`;
    const operation = this.operationFor(sample.method, sample.path);
    if (!operation) {
      if (sample.status === 404 && this.errorValidator(sample.body)) return [];
      return [`${where}: no documented operation, and not a 404 {detail}`];
    }
    const response = operation.responses.get(sample.status);
    const op = `${operation.method} ${operation.template}`;
    if (!response) {
      const documented = [...operation.responses.keys()].join(', ');
      return [`${where}: status ${sample.status} is not documented for ${op} (${documented})`];
    }
    if (sample.method.toUpperCase() === 'HEAD') return [];
    if (!response.validate) {
      return sample.body === null ? [] : [`${where}: ${op} ${sample.status} has no body`];
    }
    if (response.validate(sample.body)) return [];
    return (response.validate.errors ?? []).map(
      (error) =>
        `${where}: ${op} ${sample.status}: ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }

  /** @throws ContractViolation when `sample` breaks the contract. */
  assert(sample: ResponseSample): void {
    const violations = this.violations(sample);
    if (violations.length > 0) throw new ContractViolation(violations);
  }

  private compile(schema: unknown, where: string): ValidateFunction {
    try {
      return this.ajv.compile(rewriteRefs(schema) as Json);
    } catch (error) {
      this.documentProblems.push(`${where}: ${String(error)}`);
      return this.ajv.compile({});
    }
  }

  private compileOperation(method: string, template: string, operation: Json): CompiledOperation {
    const where = `${method} ${template}`;
    const segments = template.split('/');
    const pattern = new RegExp(
      `^${segments
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}$`,
    );
    const staticSegments = segments.filter((segment) => !segment.startsWith('{')).length;

    const declared = new Set(
      (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter((parameter): parameter is Json => isObject(parameter) && parameter.in === 'path')
        .map((parameter) => parameter.name),
    );
    for (const match of template.matchAll(/\{([^}]+)\}/g)) {
      if (!declared.has(match[1])) this.documentProblems.push(`${where}: {${match[1]}} undeclared`);
    }
    if (typeof operation.operationId !== 'string') {
      this.documentProblems.push(`${where}: no operationId`);
    }

    const responses = new Map<number, CompiledResponse>();
    const answers = isObject(operation.responses) ? operation.responses : {};
    for (const [status, answer] of Object.entries(answers)) {
      if (!/^[1-5]\d\d$/.test(status) || !isObject(answer)) {
        this.documentProblems.push(`${where}: response ${status} is not a status with an object`);
        continue;
      }
      if (typeof answer.description !== 'string' || answer.description === '') {
        this.documentProblems.push(`${where} ${status}: no description`);
      }
      const content = isObject(answer.content) ? answer.content : null;
      const media =
        content && isObject(content['application/json']) ? content['application/json'] : null;
      if (content && !media) {
        this.documentProblems.push(`${where} ${status}: content other than application/json`);
      }
      const validate = media ? this.compile(media.schema, `${where} ${status}`) : null;
      if (validate && media && 'example' in media && !validate(media.example)) {
        this.documentProblems.push(`${where} ${status}: the example does not validate`);
      }
      responses.set(Number(status), { validate });
    }
    return { method, template, pattern, staticSegments, responses };
  }
}

const contracts = new Map<string, Promise<ApiContract>>();

/** The contract a server serves, fetched and compiled once per base URL. */
export function contractOf(baseUrl: string): Promise<ApiContract> {
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = ApiContract.load(baseUrl);
    contracts.set(baseUrl, contract);
    // A failed load is not cached: the next call tries again.
    contract.catch(() => contracts.delete(baseUrl));
  }
  return contract;
}

/**
 * Checks one response of the server at `baseUrl` against the document that server serves.
 * @throws ContractViolation (or the document's problems, once) when it does not hold.
 */
export async function assertMatchesContract(
  baseUrl: string,
  sample: ResponseSample,
): Promise<void> {
  const pathname = sample.path.split('?')[0] ?? sample.path;
  if (!/^\/api(\/|$)/.test(pathname)) return;
  const contract = await contractOf(baseUrl);
  if (contract.documentProblems.length > 0) throw new ContractViolation(contract.documentProblems);
  contract.assert(sample);
}
