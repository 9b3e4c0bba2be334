import { BareLayout } from '../../app/layouts/bare-layout';
import { ServerErrorPage } from './server-error.page';

export default function ServerErrorStandalonePage() {
  return (
    <BareLayout>
      <ServerErrorPage />
    </BareLayout>
  );
}
