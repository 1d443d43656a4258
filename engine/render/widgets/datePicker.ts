// antd's date pickers in a module of their own, so a screen loads them with its first date field (lazily).
export { DatePicker } from 'antd';
