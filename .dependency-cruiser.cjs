/** Layer rules of the hexagon: arrows run inward only. A broken rule fails `npm run lint`, which `npm test` runs. */
module.exports = {
  forbidden: [
    { name: 'domain-is-pure', severity: 'error', comment: 'src/domain imports nothing from other layers, nor React or Node I/O',
      from: { path: '^src/domain' }, to: { pathNot: '^src/domain|node_modules/zod' } },
    { name: 'contract-sees-domain-only', severity: 'error',
      from: { path: '^src/contract' }, to: { pathNot: '^src/(contract|domain)|node_modules/zod' } },
    { name: 'application-sees-domain-and-contract-types', severity: 'error', comment: 'machines and ports never import adapters or ui',
      from: { path: '^src/application' }, to: { path: '^src/(adapters|ui)|^server' } },
    { name: 'application-no-react', severity: 'error',
      from: { path: '^src/application' }, to: { path: 'node_modules/(react|react-dom)/' } },
    { name: 'adapters-not-ui', severity: 'error', comment: 'only the composition root sees both sides',
      from: { path: '^src/adapters', pathNot: '^src/adapters/container\\.ts$' }, to: { path: '^src/ui' } },
    { name: 'ui-not-adapters', severity: 'error', comment: 'views reach adapters only through the composition root',
      from: { path: '^src/ui', pathNot: '^src/ui/main\\.tsx$' }, to: { path: '^src/adapters', pathNot: '^src/adapters/container\\.ts$' } },
    { name: 'server-sees-contract-and-domain', severity: 'error',
      from: { path: '^server' }, to: { path: '^src/(application|adapters|ui)' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
