// Registered view "redemption-detail" (spec 001 §4.6): a member's redemption as cards: its departure (and
// return) activity, each passenger, each certificate (with its voucher code for a non-air award). Flight dates
// read 'dddd, DD/MM/YYYY'.
import dayjs from 'dayjs';
import { Alert, Card, Col, Descriptions, Row, Spin, Tag } from 'antd';
import { formatDate, formatNumber } from '../../engine/definition/format';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { FLIGHT_DATE_FORMAT, REDEMPTION_DETAIL_TEXTS, activityTitle, numbered } from './redemptionTexts';
import { text, useRedemptionDetailController } from './useRedemptionDetailController';

const flightDate = (value: unknown) => (typeof value === 'string' && value ? dayjs(value.slice(0, 10)).format(FLIGHT_DATE_FORMAT) : '–');
const STATUS_COLOR: Record<string, string> = { ISSUED: 'green', USED: 'blue', CANCELLED: 'red', PENDING: 'orange' };

export default function RedemptionDetailView({ screen, record }: RecordViewProps) {
  const { detail, error, certificates, label, activities } = useRedemptionDetailController(screen, record);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin style={{ display: 'block', margin: 24 }} />;
  const r = detail.redemption;
  return (
    <div className="redemption-detail">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'award', label: 'Award', children: label('awardcode', r.awardcode) },
          { key: 'status', label: 'Status', children: <Tag color={STATUS_COLOR[String(r.status)] ?? 'default'}>{label('status', r.status)}</Tag> },
          { key: 'date', label: 'Redeem Date', children: formatDate(r.redeemdate) },
          { key: 'mileage', label: 'Mileage', children: formatNumber(r.mileage) },
          { key: 'certificateprice', label: 'Certificate Price', children: formatNumber(r.certificateprice) },
          { key: 'total', label: 'Total Mileage', children: formatNumber(r.totalmileage) },
        ]}
      />
      <Row gutter={[16, 16]}>
        {activities.map((a, i) => (
          <Col key={`activity-${i}`} xs={24} lg={12}>
            <Card size="small" title={activityTitle(i)}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'date', label: 'Flight Date', children: flightDate(a.date) },
                  { key: 'route', label: 'Route', children: `${text(a.origin)} – ${text(a.destination)}` },
                  { key: 'compartment', label: 'Compartment', children: label('compartmentcode', r.compartmentcode) },
                  { key: 'price', label: 'Miles per Passenger', children: formatNumber(a.price) },
                ]}
              />
            </Card>
          </Col>
        ))}
        {detail.certificates.map((c, i) => (
          <Col key={`passenger-${i}`} xs={24} lg={12}>
            <Card size="small" title={numbered(REDEMPTION_DETAIL_TEXTS.passenger, i + 1)}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: 'Name', children: text(c.name) },
                  { key: 'familyname', label: 'Family Name', children: text(c.familyname) },
                  { key: 'card', label: 'Card Number', children: text(c.memberiduser) },
                  { key: 'type', label: 'Traveler Type', children: label('travelertype', c.travelertype, certificates) },
                  { key: 'self', label: 'Self Usage', children: c.selfusage ? 'Yes' : 'No' },
                ]}
              />
            </Card>
          </Col>
        ))}
        {detail.certificates.map((c, i) => (
          <Col key={`certificate-${i}`} xs={24} lg={12}>
            <Card size="small" title={numbered(REDEMPTION_DETAIL_TEXTS.certificate, i + 1)}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'id', label: 'Certificate Number', children: text(c.certificateid) },
                  { key: 'price', label: 'Certificate Price', children: formatNumber(c.certificateprice) },
                  ...(c.vouchercode ? [{ key: 'voucher', label: 'Voucher Code', children: text(c.vouchercode) }] : []),
                  { key: 'validity', label: 'Valid Until', children: formatDate(c.validitydate) || '–' },
                  { key: 'status', label: 'Status', children: <Tag color={STATUS_COLOR[String(c.status)] ?? 'default'}>{label('status', c.status, certificates)}</Tag> },
                ]}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
