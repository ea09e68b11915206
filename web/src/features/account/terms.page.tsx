import { Link } from 'react-router-dom';
import { businessHoursText, describeNotice } from '@spa/rules';
import { useBookingRules } from '../../app/booking-rules';
import { business, businessAddressLines } from '../../app/business';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import './account.css';

/** The bookings and cancellations sections name booking's hours and notice as booking is configured. */
const sections = (
  openingHours: string,
  notice: string,
): Array<{ id: string; title: string; paragraphs: string[] }> => [
  {
    id: 'about',
    title: '1. About these terms',
    paragraphs: [
      `These terms apply when you use the ${business.name} website, book a treatment or buy from our store. By creating an account or booking you agree to them. Where a written bill or a notice at the spa says something more specific, that applies to the visit it concerns.`,
    ],
  },
  {
    id: 'account',
    title: '2. Your account',
    paragraphs: [
      'Please give your real name, a working email address and, if you wish, a phone number, and keep them current. You are responsible for keeping your password private; tell us at once if you believe someone else has used your account.',
      'We may suspend an account that is used to make bookings in bad faith or to harm other guests or our staff.',
    ],
  },
  {
    id: 'bookings',
    title: '3. Bookings',
    paragraphs: [
      `Appointments can be booked during our opening hours, ${openingHours}, every day. A booking is confirmed once it appears under My Appointments. We assign a therapist qualified for your treatment and a room of the type you chose.`,
      'Please arrive 10 minutes early. If you arrive late we may shorten your treatment so the next guest is not delayed; the full price remains payable.',
    ],
  },
  {
    id: 'cancellations',
    title: '4. Cancellations, late changes and missed appointments',
    paragraphs: [
      `You may cancel or reschedule free of charge up to ${notice} before the start of your appointment. Online payments for bookings cancelled in time are refunded in full to the original payment method, usually within 5 to 7 working days.`,
      'Where a booking took a deposit, its own terms (shown before you pay) say how close to the start a cancellation keeps part of it; inside that window you can still cancel on those terms online, but only we can move the appointment, so please call us.',
      `Cancellations with less than ${notice}’ notice and missed appointments are not refunded, because the room and therapist were reserved for you. We may ask guests with repeated missed appointments to pay in advance for future bookings.`,
      'If we must cancel (for example if a therapist falls ill), we will tell you as early as we can and offer another time or a full refund.',
    ],
  },
  {
    id: 'payments',
    title: '5. Prices and payments',
    paragraphs: [
      'Prices are in Indian rupees and shown before you confirm. The price of an appointment is the treatment price for the chosen duration plus the price of the room type. Taxes (GST) are charged as the law requires and shown on your bill.',
      'You can pay at the counter (cash, UPI or card) or online by card through our payment provider’s secure checkout. We never see or store your full card details.',
    ],
  },
  {
    id: 'store',
    title: '6. Store orders, shipping and returns',
    paragraphs: [
      'Orders are confirmed by email and delivered to the address you choose. Shipping is free on orders over ₹999.',
      'Unopened products may be returned within 30 days of delivery for a full refund. For hygiene reasons opened skincare, oils and cosmetics can only be returned if they are faulty.',
    ],
  },
  {
    id: 'health',
    title: '7. Health and safety',
    paragraphs: [
      'Before your treatment, tell your therapist about any medical condition, allergy, injury, medication or pregnancy. Some treatments are not suitable in these cases and your therapist may suggest an alternative.',
      'Our treatments are for relaxation and well-being and are not a substitute for medical care.',
    ],
  },
  {
    id: 'conduct',
    title: '8. Conduct',
    paragraphs: [
      'We want the spa to be calm and safe for everyone. We may end a treatment without refund if a guest behaves inappropriately towards staff or other guests. Please keep phones silent in treatment areas.',
    ],
  },
  {
    id: 'privacy',
    title: '9. Privacy',
    paragraphs: [
      'We keep the details you give us (name, email, phone, addresses, bookings, orders and bills) to provide our services, to send confirmations, receipts and reminders, and to meet our tax obligations. We do not sell your data.',
      'Passwords are stored only in a hashed form that cannot be read back. Emails about your account and bookings are sent by our own systems; you can ask us to correct or delete your details at any time, except where the law requires us to keep bills.',
    ],
  },
  {
    id: 'changes',
    title: '10. Changes to these terms',
    paragraphs: [
      'We may update these terms from time to time. The version on this page applies to bookings and orders made after it is published; your existing bookings keep the terms that applied when you made them.',
    ],
  },
];

/** /terms: terms of service and the spa's policies in plain language. */
export default function TermsPage() {
  const rules = useBookingRules();
  const SECTIONS = sections(businessHoursText(rules), describeNotice(rules.cancellationNoticeMinutes));
  return (
    <div className="container account-page">
      <PageTitle title="Terms & Policies" />
      <header className="account-page__header">
        <span className="eyebrow">Terms &amp; Policies</span>
        <h1>Terms and policies</h1>
        <p className="lead">
          The ground rules for bookings, payments, orders and your data, in plain language.
        </p>
        <p className="muted">Last updated November 2026.</p>
      </header>
      <nav className="help-jump" aria-label="Sections">
        {SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.title.replace(/^\d+\.\s*/, '')}
          </a>
        ))}
      </nav>
      <article className="terms">
        {SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
        <section id="contact" aria-labelledby="terms-contact-title">
          <h2 id="terms-contact-title">11. Contact</h2>
          <p>
            {business.name}, {businessAddressLines.join(', ')}. Phone{' '}
            <a href={business.phoneHref}>{business.phone}</a>, email{' '}
            <a href={`mailto:${business.email}`}>{business.email}</a>. Questions about a booking? See{' '}
            <Link to={paths.help}>Help &amp; Support</Link>.
          </p>
        </section>
      </article>
    </div>
  );
}
