import { BareLayout } from '../platform/layouts/bare-layout';
import { NotFoundPage } from '../platform/errors/not-found.page';

export default function NotFoundStandalonePage() {
  return (
    <BareLayout>
      <NotFoundPage />
    </BareLayout>
  );
}
