import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { describeNotice } from '@spa/rules';
import { useBookingRules, useOpeningHoursText } from '../../app/booking-rules';
import { business, businessAddressLines } from '../../app/business';
import { paths } from '../../app/paths';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import './account.css';

interface Question {
  question: string;
  answer: ReactNode;
}

/** The answers name booking's hours and cancellation notice as booking is configured. */
const sections = (
  openingHours: string,
  notice: string,
): Array<{ id: string; title: string; questions: Question[] }> => [
  {
    id: 'booking',
    title: 'Booking',
    questions: [
      {
        question: 'How do I book a treatment?',
        answer: (
          <>
            Open <Link to={paths.appointment}>Appointment</Link>, choose a treatment and its duration, pick a
            date and time, then a room type, and confirm. You will find the booking under{' '}
            <Link to={paths.myAppointments}>My Appointments</Link> and receive a confirmation by email.
          </>
        ),
      },
      {
        question: 'Do I need an account to book?',
        answer:
          'Yes. An account lets us confirm your booking, send reminders and keep your history. Creating one is free and takes a minute; please verify your email address so our messages reach you.',
      },
      {
        question: 'When are you open?',
        answer: `${business.openingDays}, ${openingHours}. Appointments start on the hour or half hour within these hours.`,
      },
      {
        question: 'What are Silver, Gold and Diamond rooms?',
        answer:
          'They are our three room types, from our classic treatment rooms (Silver) to our most spacious suites (Diamond). Each comes with a single or a double bed; the room price is added to the treatment price and shown before you confirm.',
      },
      {
        question: 'How early should I arrive?',
        answer:
          'Please arrive 10 minutes before your appointment, so you have time to change and settle in. Arriving late may shorten your treatment so that the next guest is not kept waiting.',
      },
      {
        question: 'Can I ask for a particular therapist?',
        answer: `We assign a qualified therapist for the treatment you choose. If you have a preference, call us on ${business.phone} after booking and we will do our best to arrange it.`,
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    questions: [
      {
        question: 'How can I pay?',
        answer:
          'For treatments, choose Pay at Counter (cash, UPI or card at the spa on the day) or Pay Online (a secure card payment when you book). Store orders can be paid online or as Cash on Delivery.',
      },
      {
        question: 'What does the price include?',
        answer:
          'All prices are in Indian rupees. The total of an appointment is the treatment price for the duration you chose plus the price of the room type. Your bill shows GST as applicable.',
      },
      {
        question: 'Is paying online safe?',
        answer:
          'Yes. Card details are entered on our payment provider’s secure checkout and never reach our servers. We only receive confirmation that the payment went through.',
      },
      {
        question: 'How do refunds work?',
        answer:
          'Refunds go back to the card or account you paid with, usually within 5 to 7 working days of the cancellation or return being accepted.',
      },
    ],
  },
  {
    id: 'cancellations',
    title: 'Cancellations and changes',
    questions: [
      {
        question: 'Can I cancel or reschedule?',
        answer: (
          <>
            Yes, up to {notice} before your appointment starts: cancel it from{' '}
            <Link to={paths.myAppointments}>My Appointments</Link> and book a new time. Online payments are
            refunded in full when you cancel at least {notice} ahead.
          </>
        ),
      },
      {
        question: `What if it is less than ${notice} before my appointment?`,
        answer: `Please call us on ${business.phone}. Late cancellations and missed appointments are not refunded, as the room and therapist were held for you; we are happy to help when something unexpected comes up.`,
      },
      {
        question: 'Can I return a product from the store?',
        answer:
          'Unopened products can be returned within 30 days of delivery for a full refund. Shipping is free on orders over ₹999.',
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    questions: [
      {
        question: 'I forgot my password.',
        answer: (
          <>
            Use <Link to={paths.forgotPassword}>Forgot your password</Link> on the sign-in page. We email you
            a link that works once and expires after 1 hour.
          </>
        ),
      },
      {
        question: 'I did not get the verification email.',
        answer: (
          <>
            Check your spam folder, then send a new one from <Link to={paths.settings}>Account settings</Link>
            . Each link works once and expires after 24 hours.
          </>
        ),
      },
      {
        question: 'How do I change my name, phone or password?',
        answer: (
          <>
            In <Link to={paths.settings}>Account settings</Link>. Changing your password signs you out on your
            other devices.
          </>
        ),
      },
    ],
  },
];

/** /help: the questions guests ask most, and how to reach the spa. */
export default function HelpPage() {
  const openingHours = useOpeningHoursText();
  const SECTIONS = sections(openingHours, describeNotice(useBookingRules().cancellationNoticeMinutes));
  return (
    <div className="container account-page">
      <PageTitle title="Help & Support" />
      <header className="account-page__header">
        <span className="eyebrow">Help &amp; Support</span>
        <h1>How can we help?</h1>
        <p className="lead">Answers to what our guests ask most. Can’t find yours? We are a call away.</p>
      </header>
      <nav className="help-jump" aria-label="Help topics">
        {SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.title}
          </a>
        ))}
        <a href="#contact">Contact</a>
      </nav>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="faq" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.questions.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <div className="faq__answer">{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
      <section id="contact" className="contact-card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact us</h2>
        <ul>
          <li>
            <PhoneIcon size={18} /> <a href={business.phoneHref}>{business.phone}</a>
          </li>
          <li>
            <MailIcon size={18} /> <a href={`mailto:${business.email}`}>{business.email}</a>
          </li>
          <li>
            <MapPinIcon size={18} /> <span>{businessAddressLines.join(', ')}</span>
          </li>
          <li>
            <ClockIcon size={18} />
            <span>
              {business.openingDays}, {openingHours}
            </span>
          </li>
        </ul>
      </section>
    </div>
  );
}
