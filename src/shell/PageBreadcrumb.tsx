// The breadcrumb over a record, detail or wizard page: its place in the menu tree, the menu a link back.
import { Link } from 'react-router-dom';
import { Breadcrumb } from 'antd';
import type { Crumb } from './breadcrumbs';

export function PageBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumb
      className="app-breadcrumb"
      items={crumbs.map((crumb) => ({ key: `${crumb.label}${crumb.path ?? ''}`, title: crumb.path ? <Link to={crumb.path}>{crumb.label}</Link> : crumb.label }))}
    />
  );
}
