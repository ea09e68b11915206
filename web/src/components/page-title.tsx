import { business } from '../app/business';

/** React 19 hoists <title> into the document head. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${business.name}` : `${business.name} · Indore`}</title>;
}
