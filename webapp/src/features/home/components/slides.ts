/** The four banner slides of the home page; each links to /plans. */
export type Slide = { title: string; text: string; cta: string; image: string };

const img = (n: number) => `${import.meta.env.BASE_URL}images/home/slide-${n}.svg`;

export const slides: readonly Slide[] = [
  { title: 'Stay connected in 200+ destinations', text: 'Prepaid data eSIMs for your next trip, ready in minutes.', cta: 'See plans', image: img(1) },
  { title: 'Activate online before you fly', text: 'Install your eSIM at home and land connected. No SIM swap, no queues.', cta: 'Choose a plan', image: img(2) },
  { title: 'Secure and private by design', text: 'Your own mobile data connection instead of public Wi-Fi.', cta: 'Browse plans', image: img(3) },
  { title: 'Plans from 2$', text: 'Pay a fraction of roaming charges, with no contract.', cta: 'Find your plan', image: img(4) },
];
