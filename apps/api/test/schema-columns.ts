// The tables and columns src/db/schema.ts declares, read from its types with the TypeScript
// compiler, so that the schema drift test compares the migrated database with schema.ts itself
// rather than with a copy of it. A column is nullable when its select type admits null, and
// defaulted when its insert type admits undefined (Kysely's Generated and ColumnType) and it is
// not nullable: the same reading as Kysely's Selectable and Insertable.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface DeclaredTable {
  columns: string[];
  nullable: string[];
  defaulted: string[];
}

const schemaFile = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
/** Enough to read schema.ts and kysely's types: strict null checks, no @types, a small lib. */
const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  types: [],
  lib: ['lib.es2022.d.ts'],
};

const admits = (type: ts.Type, flag: ts.TypeFlags): boolean =>
  type.isUnion() ? type.types.some((member) => admits(member, flag)) : (type.flags & flag) !== 0;

/** Every table of the `Database` interface of schema.ts, by name, with its columns. */
export function declaredTables(): Map<string, DeclaredTable> {
  const program = ts.createProgram([schemaFile], compilerOptions);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  const database = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!source || !database) throw new Error(`no Database interface in ${schemaFile}`);
  const tables = new Map<string, DeclaredTable>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const declared: DeclaredTable = { columns: [], nullable: [], defaulted: [] };
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      const part = (name: '__select__' | '__insert__') => {
        const property = type.getProperty(name);
        return property ? checker.getTypeOfSymbol(property) : type;
      };
      const nullable = admits(part('__select__'), ts.TypeFlags.Null);
      declared.columns.push(column.name);
      if (nullable) declared.nullable.push(column.name);
      if (!nullable && admits(part('__insert__'), ts.TypeFlags.Undefined)) declared.defaulted.push(column.name);
    }
    tables.set(table.name, declared);
  }
  return tables;
}
