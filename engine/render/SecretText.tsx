// The secret revealSecret shows, in a paragraph to copy (Typography: loaded with the first secret shown, not with every list).
import { Typography } from 'antd';

export default function SecretText({ secret }: { secret: string }) {
  return (
    <Typography.Paragraph code copyable>
      {secret}
    </Typography.Paragraph>
  );
}
