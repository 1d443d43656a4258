// Registered view "vendor-cards" (spec 001 §3.6, §8): a mailing product's printing, packaging and courier
// vendors, one card each, from the vendor list (each vendor names the products it serves and its regions);
// the courier card lists the vendors serving the chosen courier region (a vendor region, server/mailingProduct/orders).
import { useState } from 'react';
import { Card, Col, Divider, Empty, Form, List, Row, Select, Space, Tag, Typography } from 'antd';
import { formatYesNo } from '../../engine/definition/format';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useSelectorOptions, type SelectOption } from '../../engine/render/useSelectorOptions';
import { VENDOR_TEXTS, VENDOR_TYPES } from './vendorTexts';

interface VendorOption extends SelectOption {
  vendortype?: string;
  allregion?: boolean;
  regions?: string[];
  mailingproducts?: string[];
}

export default function VendorCards({ screen, record }: RecordViewProps) {
  const product = String(record[screen.resource.key[0]!] ?? '');
  const [region, setRegion] = useState<string>();
  const vendors = useSelectorOptions('vendor').options as VendorOption[];
  const regions = useSelectorOptions('vendor-region').options;
  const regionName = new Map(regions.map((r) => [r.value, r.label]));
  const serving = vendors.filter((v) => (v.mailingproducts ?? []).includes(product));

  return (
    <div className="vendor-cards">
      <Divider titlePlacement="start">Vendor Information</Divider>
      <Form layout="vertical" style={{ maxWidth: 360 }}>
        <Form.Item label="Courier Region" htmlFor="vendor-cards-region">
          <Select
            id="vendor-cards-region"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose Courier Region"
            value={region}
            onChange={(value) => setRegion(value)}
            options={regions.map((r) => ({ value: String(r.value), label: r.label }))}
          />
        </Form.Item>
      </Form>
      <Row gutter={[16, 16]}>
        {VENDOR_TYPES.map(({ type, title, flag }) => {
          const ofType = serving.filter((v) => v.vendortype === type);
          const courier = type === 'COURIER';
          const shown = courier && region ? ofType.filter((v) => v.allregion || (v.regions ?? []).includes(region)) : ofType;
          const empty = courier ? (region ? VENDOR_TEXTS.notAvailableForRegion : VENDOR_TEXTS.selectRegion) : VENDOR_TEXTS.notAvailable;
          return (
            <Col key={type} xs={24} lg={8}>
              <Card
                size="small"
                title={title}
                data-testid={`vendor-card-${type}`}
                extra={
                  <Space size={4}>
                    <Typography.Text type="secondary">Used</Typography.Text>
                    <Tag color={record[flag] ? 'green' : 'default'}>{formatYesNo(record[flag])}</Tag>
                  </Space>
                }
              >
                {(courier && !region) || shown.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
                ) : (
                  <List
                    size="small"
                    dataSource={shown}
                    renderItem={(vendor) => (
                      <List.Item>
                        <List.Item.Meta
                          title={vendor.label}
                          description={
                            <Space size={[4, 4]} wrap>
                              <Tag>{String(vendor.value)}</Tag>
                              {vendor.allregion ? <Tag color="blue">All Region</Tag> : (vendor.regions ?? []).map((r) => <Tag key={r}>{regionName.get(r) ?? r}</Tag>)}
                            </Space>
                          }
                        />
                      </List.Item>
                    )}
                  />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
