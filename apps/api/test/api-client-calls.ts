// The calls packages/api-client makes, read from its source with the TypeScript compiler (ADR 034):
// each `ApiClient.call(operation, method, path, params)` (and `get` / `post`) with its method, its
// path (a literal, a choice of literals, or a template whose `${…}` parts are path parameters) and
// the parameters its `params` argument's type names, each required or optional. The api-client
// check compares them with the OpenAPI document; a call this reader cannot understand is reported
// rather than skipped.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface ClientParameter {
  name: string;
  required: boolean;
}

export interface ClientCall {
  /** `account-operations.ts:52`. */
  at: string;
  /** The operation name the client gives (product §5's, or the call's own). */
  operation: string;
  method: 'GET' | 'POST';
  /** OpenAPI form: `${…}` parts become `{}` (a path parameter of any name). */
  path: string;
  params: ClientParameter[];
}

export interface ClientCallsReading {
  calls: ClientCall[];
  /** Calls of the ApiClient whose method, path or parameters are not literal enough to read. */
  unreadable: string[];
}

const clientSources = fileURLToPath(new URL('../../../packages/api-client/src', import.meta.url));

const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
};

/** The api-client's source files (tests left out). */
export function clientSourceFiles(dir = clientSources): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
}

const REQUEST_METHODS: Record<string, 'GET' | 'POST' | undefined> = { get: 'GET', post: 'POST' };

/** The string literal values a type admits (a literal, or a union of literals), else undefined. */
function literalsOf(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values = members.map((member) => (member.isStringLiteral() ? member.value : undefined));
  return values.every((value): value is string => value !== undefined) ? values : undefined;
}

/** A path argument in OpenAPI form: literals as they are, a template's `${…}` parts as `{}`. */
function pathsOf(node: ts.Expression, checker: ts.TypeChecker): string[] | undefined {
  if (ts.isTemplateExpression(node)) {
    return [node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('')];
  }
  return literalsOf(checker.getTypeAtLocation(node));
}

function parametersOf(node: ts.Expression | undefined, checker: ts.TypeChecker): ClientParameter[] {
  if (!node) return [];
  return checker
    .getTypeAtLocation(node)
    .getProperties()
    .map((property) => ({ name: property.name, required: (property.flags & ts.SymbolFlags.Optional) === 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Is `node` typed as the package's ApiClient (the interface of api-client.ts)? */
function isApiClient(node: ts.Expression, checker: ts.TypeChecker): boolean {
  const symbol = checker.getTypeAtLocation(node).getSymbol();
  return (
    symbol?.name === 'ApiClient' &&
    (symbol.declarations ?? []).some((d) => d.getSourceFile().fileName.endsWith('/api-client.ts'))
  );
}

/** Every call of an ApiClient's `call`, `get`, `post` or `getCached` in `files`. */
export function readClientCalls(files: readonly string[] = clientSourceFiles()): ClientCallsReading {
  const program = ts.createProgram([...files], compilerOptions);
  const checker = program.getTypeChecker();
  const calls: ClientCall[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`cannot read ${file}`);
    const visit = (node: ts.Node): void => {
      ts.forEachChild(node, visit);
      if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
      const member = node.expression.name.text;
      if (!['call', 'get', 'post', 'getCached'].includes(member)) return;
      if (!isApiClient(node.expression.expression, checker)) return;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const at = `${file.slice(file.lastIndexOf('/') + 1)}:${line + 1}`;
      const args = node.arguments;
      const [operation, methodArg, pathArg, paramsArg] =
        member === 'call' ? args : [undefined, undefined, args[0], args[1]];
      const methods =
        member === 'call' && methodArg
          ? literalsOf(checker.getTypeAtLocation(methodArg))
          : REQUEST_METHODS[member] && [REQUEST_METHODS[member]];
      const paths = pathArg && pathsOf(pathArg, checker);
      const operations = operation ? literalsOf(checker.getTypeAtLocation(operation)) : [member];
      // getCached's method hides in its options: not read yet, so reported.
      if (member === 'getCached' || !methods || methods.length !== 1 || !paths || !operations) {
        unreadable.push(`${at} ${node.getText(source).slice(0, 80)}`);
        return;
      }
      const params = parametersOf(paramsArg, checker);
      for (const path of paths) {
        calls.push({ at, operation: operations.join(' | '), method: methods[0] as 'GET' | 'POST', path, params });
      }
    };
    visit(source);
  }
  return { calls, unreadable };
}

/** The part of an OpenAPI 3.1 document the comparison reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A path with every `{name}` part written `{}`, as the client's paths are read. */
const pathShape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** The parameters an operation declares (query for GET, the form body's fields for POST), path parameters aside. */
function declaredParameters(operation: OpenApiOperation): ClientParameter[] {
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => ({ name: parameter.name, required: parameter.required === true }));
  const body = Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) =>
    [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((member) =>
      Object.keys(member.properties ?? {}).map((name) => ({ name, required: (member.required ?? []).includes(name) })),
    ),
  );
  return [...query, ...body];
}

/**
 * What differs between the client's calls and the document, one line each: a path it does not have,
 * a method it does not serve there, a parameter the client sends that the operation does not declare,
 * and one the operation requires that the client does not always send.
 */
export function compareWithOpenApi(calls: readonly ClientCall[], document: OpenApiDocument): string[] {
  const byShape = new Map(Object.entries(document.paths).map(([path, methods]) => [pathShape(path), methods]));
  return calls.flatMap((call) => {
    const where = `${call.at} ${call.operation}: ${call.method} ${call.path}`;
    const methods = byShape.get(call.path);
    if (!methods) return [`${where}: no such path in the API`];
    const operation = methods[call.method.toLowerCase()];
    if (!operation) {
      return [`${where}: the API serves this path with ${Object.keys(methods).join(', ').toUpperCase()} only`];
    }
    const declared = new Map(declaredParameters(operation).map((parameter) => [parameter.name, parameter]));
    const sent = new Map(call.params.map((parameter) => [parameter.name, parameter]));
    return [
      ...call.params
        .filter((parameter) => !declared.has(parameter.name))
        .map((parameter) => `${where}: sends ${parameter.name}, which ${operation.operationId} does not declare`),
      ...[...declared.values()]
        .filter((parameter) => parameter.required && !sent.get(parameter.name)?.required)
        .map((parameter) =>
          sent.has(parameter.name)
            ? `${where}: ${parameter.name} is optional here, required by ${operation.operationId}`
            : `${where}: never sends ${parameter.name}, which ${operation.operationId} requires`,
        ),
    ];
  });
}
