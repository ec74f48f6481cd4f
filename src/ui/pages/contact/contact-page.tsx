/**
 * Contact: name, email, phone and message, all required. The message is sent to the staff inbox (POST /contact,
 * issue 36); on success the spec's alert 'Message sent successfully!' shows and the form clears; on failure the text
 * stays and a toast says so.
 */
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'sonner';
import { DEFAULT_CONTACT, phoneHref } from '../../../domain/site';
import { sendContactMessage } from '../../calls';
import { AddressLines } from '../../components/address-lines';
import { useSiteContact } from '../../hooks/use-site-contact';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PageIntro } from '../../components/page-intro';
import './contact.css';

const EMPTY = { name: '', email: '', phone: '', message: '' };

export default function ContactPage() {
  const contact = useSiteContact() ?? DEFAULT_CONTACT;
  useDocumentTitle('Contact us');
  const { api, log } = useServices();
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    try {
      await sendContactMessage.use((call) => api.call(call, { body: values }));
      window.alert('Message sent successfully!');
      setValues(EMPTY);
    } catch (error) {
      log('contact message failed', error);
      toast.error('Your message could not be sent. It is still here: please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="contact">
      <PageIntro
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about a course, a plan or a custom programme for your team? Your message goes to the SustainLearn team, who reply by email."
      />
      <div className="container contact__grid">
        <Form className="form contact__form" onSubmit={submit} aria-label="Contact form">
          <div className="contact__row">
            <Field label="Name" name="name" isRequired autoComplete="name" value={values.name} onChange={set('name')} />
            <Field label="Email" name="email" type="email" isRequired autoComplete="email" value={values.email} onChange={set('email')} />
          </div>
          <Field label="Phone" name="phone" type="tel" isRequired autoComplete="tel" value={values.phone} onChange={set('phone')} />
          <Field label="Message" name="message" multiline isRequired value={values.message} onChange={set('message')} />
          <button type="submit" className="button button--primary contact__submit" disabled={sending}>
            {sending ? 'Sending...' : 'Send message'}
          </button>
        </Form>
        <aside className="contact__details" aria-labelledby="contact-details">
          <h2 id="contact-details">Other ways to reach us</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={phoneHref(contact.phone)}>{contact.phone}</a>
            </dd>
            <dt>Studio</dt>
            <dd>
              <AddressLines lines={contact.addressLines} />
            </dd>
            <dt>Hours</dt>
            <dd>Monday to Friday, 9:00 to 17:30 (UK time)</dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}
