import { BareLayout } from '../platform/layouts/bare-layout';
import { ServerErrorPage } from '../platform/errors/server-error.page';

export default function ServerErrorStandalonePage() {
  return (
    <BareLayout>
      <ServerErrorPage />
    </BareLayout>
  );
}
