// zod compiles object parsers with `new Function` unless told not to. The app's Content-Security-Policy
// forbids eval, and even zod's caught probe is reported as a CSP violation, so the browser runs zod
// without its JIT. zod reads this global config when each object schema is created; schemas are created
// as the app's modules load, and this classic script runs before any module script, whatever the chunk
// order of the build. Tested by e2e/every-screen-is-accessible-and-keeps-the-csp.spec.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
