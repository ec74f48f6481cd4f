/** The home feedback form: name, email, mobile and feedback, all required; stored by POST /feedback, with toasts. */
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'sonner';
import { submitFeedback } from '../../calls';
import type { Feedback } from '../../../domain/content';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';

const EMPTY: Feedback = { name: '', email: '', mobile: '', feedback: '' };

export function FeedbackForm() {
  const { api, log } = useServices();
  const [values, setValues] = useState<Feedback>(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (key: keyof Feedback) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    try {
      await submitFeedback.use((call) => api.call(call, { body: values }));
      toast.success('Form submitted successfully!');
      setValues(EMPTY);
    } catch (error) {
      log('feedback failed', error);
      toast.error('Failed to submit form!');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="home-section container feedback" aria-labelledby="feedback-heading">
      <div className="feedback__intro">
        <p className="eyebrow">Feedback</p>
        <h2 id="feedback-heading">Tell us what you think</h2>
        <p>
          Which topics should we cover next? What would make a course more useful on your projects? Every message is read by
          the team that writes the content.
        </p>
      </div>
      <Form className="form feedback__form" onSubmit={submit} aria-labelledby="feedback-heading">
        <div className="feedback__row">
          <Field label="Name" name="name" isRequired autoComplete="name" value={values.name} onChange={set('name')} />
          <Field label="Email" name="email" type="email" isRequired autoComplete="email" value={values.email} onChange={set('email')} />
        </div>
        <Field label="Mobile" name="mobile" type="tel" isRequired autoComplete="tel" value={values.mobile} onChange={set('mobile')} />
        <Field label="Feedback" name="feedback" multiline isRequired value={values.feedback} onChange={set('feedback')} />
        <button type="submit" className="button button--primary feedback__submit" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit'}
        </button>
      </Form>
    </section>
  );
}
