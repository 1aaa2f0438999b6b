import { ContactForm } from "./contact-form";
import { SectionHeading } from "./section-heading";
import { Card } from "./ui/card";

/** The contact form in its section; anchor `contact` (SPEC section 2). */
export function ContactSection({ title, intro }: { title: string; intro: string }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-white px-4 py-20">
      <SectionHeading id="contact-heading" title={title} intro={intro} />
      <Card className="mx-auto max-w-3xl">
        <ContactForm />
      </Card>
    </section>
  );
}
