// The record form's layout (rjsf's object template): two columns, wide fields across both, a divider where a new
// section starts.
import { Col, Divider, Row } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** Two columns, wide fields across both, a divider where a new section starts. */
export function TwoColumns(props: ObjectFieldTemplateProps) {
  let section: string | undefined;
  const rows: React.ReactNode[] = [];
  for (const property of props.properties) {
    const options = (props.uiSchema?.[property.name]?.['ui:options'] ?? {}) as { section?: string; wide?: boolean };
    if (options.section && options.section !== section) {
      section = options.section;
      rows.push(
        <Col span={24} key={`section-${section}`}>
          <Divider titlePlacement="start" style={{ marginTop: 4 }}>
            {section}
          </Divider>
        </Col>,
      );
    }
    rows.push(
      <Col key={property.name} xs={24} md={options.wide ? 24 : 12}>
        {property.content}
      </Col>,
    );
  }
  return <Row gutter={16}>{rows}</Row>;
}
