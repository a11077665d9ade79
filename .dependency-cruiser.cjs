// The import rules of the repository, checked by `npm run deps:check` (and
// .ci/run): no import circle anywhere, and layers that point one way. The
// server, lowest first:
//   packages/*
//   -> config (config.ts, config-env.ts)
//   -> primitives: db/, http/, mail/, worker/, keys/ (owner kinds, hashing, signers),
//      limits/ (attempts counted per account and IP)
//   -> chain/ and custody/
//   -> context.ts (the AppContext type)
//   -> modules/*
//   -> the composition root: actions.ts, action-definitions.ts, sponsor-events.ts, platform.ts,
//      app.ts, main.ts, commands/
// A layer may import the layers below it, never one above; and no folder of the server imports
// one that imports it back (scripts/check-folder-cycles.mjs, after these rules).
const SERVER = '^apps/server/src/';
const CONFIG = `${SERVER}config(-env)?\\.ts$`;
const PRIMITIVES = `${SERVER}(db|http|mail|worker|keys|limits)/`;
const CHAIN_AND_CUSTODY = `${SERVER}(chain|custody)/`;
const CONTEXT = `${SERVER}context\\.ts$`;
const MODULES = `${SERVER}modules/`;
const ROOT = `${SERVER}(actions|action-definitions|sponsor-events|platform|app|main)\\.ts$|${SERVER}commands/`;
// A screen's test renders it inside the app's providers (app/provider.tsx),
// as the app does: the web's layer rules are about the code that ships.
const WEB_TESTS = '\\.test\\.tsx?$';

/** One rule per layer boundary: `from` may not import any of `above`. */
const layer = (name, comment, from, above) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: above },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A circle of imports (type-only ones count) means no file of it can be read, tested or changed without the others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'config-imports-nothing-of-the-server',
      comment:
        'Configuration is read first and by every layer; it owns what it parses (config-env.ts), so it can never pull the application in.',
      severity: 'error',
      from: { path: CONFIG },
      to: { path: SERVER, pathNot: CONFIG },
    },
    layer(
      'primitives-below-chain-and-custody',
      'The database, HTTP, mail and worker primitives serve every layer above; what they need of those (sessions, say) is handed to them, typed here.',
      PRIMITIVES,
      [CHAIN_AND_CUSTODY, CONTEXT, MODULES, ROOT].join('|'),
    ),
    layer(
      'chain-and-custody-below-context',
      'The pipeline and custody know a chain action only through the registry they are given (chain/action-registry.ts), never a domain module or the root that composes them.',
      CHAIN_AND_CUSTODY,
      [CONTEXT, MODULES, ROOT].join('|'),
    ),
    layer(
      'context-below-modules',
      'AppContext is the one type every module is given; it names only what the lower layers provide.',
      CONTEXT,
      [MODULES, ROOT].join('|'),
    ),
    layer(
      'modules-below-the-root',
      'Modules are composed by the root (registry, routes, jobs); a module that imported the root would import every other module with it.',
      MODULES,
      ROOT,
    ),
    {
      name: 'no-other-modules-routes',
      comment:
        "A module may use another module's service, repository or helpers, never its routes: HTTP handlers are the root's to register, and a module's routes are its own surface.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/(routes|[^/]+-routes)\\.ts$`,
        pathNot: `${SERVER}modules/$1/`,
      },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'The shared packages sit below both apps; the apps depend on them, not back.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-shared-code-below-features',
      comment:
        "components/, lib/ and hooks/ serve every feature and the app shell; importing a feature or the shell would tie them to one screen's code.",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|hooks)/', pathNot: WEB_TESTS },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-the-app',
      comment:
        'Features are composed by the app shell (routes, providers); a feature that imported the shell would depend on every other feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: WEB_TESTS },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: a type circle is still a circle.
    tsPreCompilationDeps: true,
    // Resolves the web's `@/*` alias (a tsconfig of its own: the web's
    // tsconfig extends the base by a relative path dependency-cruiser does not follow).
    tsConfig: { fileName: 'tsconfig.dependency-cruiser.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      mermaid: { minify: false },
    },
  },
};
