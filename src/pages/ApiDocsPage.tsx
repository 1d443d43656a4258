// /api-docs: the server's OpenAPI reference of every route it serves, one tag at a time (chosen above it), drawn by
// swagger-ui (loaded with this page only).
import { Alert, Card, Select, Space, Spin, Typography } from 'antd';
import { useApiReference } from './useApiReference';

export function ApiDocsPage() {
  const { target, state, tag, tags, choose } = useApiReference();

  return (
    <Card className="engine-panel api-docs">
      <Typography.Title level={4} style={{ margin: 0 }}>
        API Reference
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every call is a POST of the request envelope with a bearer token (docs/protocol.md); <code>npm run openapi</code> writes this document for client generators.
      </Typography.Paragraph>
      <Space>
        <Typography.Text>Operations of</Typography.Text>
        <Select aria-label="Operations of" showSearch value={tag} options={tags.map((name) => ({ value: name, label: name }))} onChange={choose} style={{ width: 320 }} className="api-docs-tag" />
      </Space>
      {state === 'loading' && <Spin style={{ display: 'block', margin: 48 }} />}
      {typeof state === 'object' && <Alert type="error" showIcon message={state.error} />}
      <div ref={target} data-testid="api-reference" />
    </Card>
  );
}
