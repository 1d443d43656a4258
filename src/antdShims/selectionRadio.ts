// Stands in for the radio of antd's table row selection (vite.config.ts swaps it in for the build): the engine's
// tables select rows with checkboxes only (engine/render/DataTable.tsx), never with `type: 'radio'`. antd's Radio
// brought its styles to every table, and its Group brought antd's form hooks with rc-form's store (8 KiB brotli).
export default function SelectionRadio(): never {
  throw new Error('A table row selection by radio is left out of the build (src/antdShims/selectionRadio.ts)');
}
