// Stands in for antd's virtual table (vite.config.ts swaps it in for the build): the engine's tables page on the
// server and never set `virtual`, so antd's plain table takes its place; the virtual one's grid and cells came with
// every table (2 KiB brotli).
export { default } from 'antd/es/table/RcTable';
