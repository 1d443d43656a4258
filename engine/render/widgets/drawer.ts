// antd's Drawer in a module of its own, so a list screen loads it with the first form it opens (lazily).
export { Drawer } from 'antd';
