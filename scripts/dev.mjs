// `npm run dev`: for analysts and developers without a build. Vite's dev server serves the front end and proxies /api
// and /definitions to the API server, which tsx restarts whenever its code changes; a definition saved under screens/
// is served at once by the running server (DEFINITIONS_WATCH) and shows in the open pages (Vite tells them). Stop both
// with Ctrl+C.
import { spawn } from 'node:child_process';

const VITE_PORT = process.env.VITE_PORT ?? '5173';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, DEFINITIONS_WATCH: 'true' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', VITE_PORT, '--strictPort'], { stdio: 'inherit' }),
];
console.log(`Development: open http://localhost:${VITE_PORT} (the API server listens on PORT, 8080 unless set).`);
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
