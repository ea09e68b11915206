import { Link } from 'react-router-dom';
import { business } from '../../app/business';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import './account.css';

/**
 * /privacy: the privacy notice (Digital Personal Data Protection Act, 2023): what is collected, why,
 * how long it is kept, and the customer's rights. Linked from sign-up and from Settings.
 */
export default function PrivacyPage() {
  return (
    <div className="container account-page">
      <PageTitle title="Privacy notice" />
      <header className="account-page__header">
        <span className="eyebrow">Your data</span>
        <h1>Privacy notice</h1>
        <p className="lead">
          {business.name} processes your personal data under India&apos;s Digital Personal Data Protection
          Act, 2023. This page says what we collect, why, how long we keep it and what you can do.
        </p>
      </header>

      <section className="settings-card" aria-labelledby="privacy-collect">
        <h2 id="privacy-collect" className="settings-card__title">
          What we collect and why
        </h2>
        <ul>
          <li>
            <strong>Your account</strong>: name, email, optional phone, and a password hash (or your Google
            sign-in). To sign you in and reach you about your bookings and orders.
          </li>
          <li>
            <strong>Appointments</strong>: treatment, time, room, therapist and payment status. To provide the
            treatment you booked.
          </li>
          <li>
            <strong>Orders, saved addresses and cart</strong>: to deliver what you buy.
          </li>
          <li>
            <strong>Bills (GST tax invoices)</strong>: name, phone and email as given at the spa, with the
            services and products billed. Required by tax law.
          </li>
          <li>
            <strong>Favorites</strong>: the treatments you saved.
          </li>
          <li>
            <strong>Emails we send</strong>: for each email, when, to which address and its subject (not its
            content), so that no email is sent twice.
          </li>
          <li>
            <strong>Payments</strong> are handled by our payment provider (Razorpay); we keep its order and
            payment ids, never your card or UPI details.
          </li>
        </ul>
      </section>

      <section className="settings-card" aria-labelledby="privacy-retention">
        <h2 id="privacy-retention" className="settings-card__title">
          How long we keep it
        </h2>
        <ul>
          <li>Your account and what belongs to it: until you delete your account.</li>
          <li>
            An account whose email is never verified: deleted automatically 30 days after sign-up, with
            everything that belongs to it.
          </li>
          <li>
            GST tax invoices: 72 months, as the CGST rules require, even after you delete your account, with
            only the name printed on them (your phone and email are removed).
          </li>
          <li>
            After you delete your account, past appointments and orders stay as the spa&apos;s records of
            services given and sales, without your name or contact details.
          </li>
        </ul>
      </section>

      <section className="settings-card" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights" className="settings-card__title">
          Your rights
        </h2>
        <ul>
          <li>
            <strong>Access</strong>: download everything we hold about you in one file from{' '}
            <Link to={paths.settings}>Settings</Link> (&ldquo;Download my data&rdquo;).
          </li>
          <li>
            <strong>Correction</strong>: edit your name and phone in Settings; ask us to correct a bill.
          </li>
          <li>
            <strong>Erasure</strong>: &ldquo;Delete my account&rdquo; in Settings signs you out everywhere,
            cancels your upcoming appointments and open orders (prepaid ones are refunded) and erases or
            anonymises your data in every part of our system, except what the law requires us to keep.
          </li>
          <li>
            <strong>Grievances</strong>: write to <a href={`mailto:${business.email}`}>{business.email}</a>;
            we answer within 30 days. You may also complain to the Data Protection Board of India.
          </li>
        </ul>
      </section>
      <p className="muted">
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </div>
  );
}
