/** One install step: its text and the drawn illustration under public/images/setup. */
export type Step = { text: string; image: string; alt: string };

const img = (name: string) => `${import.meta.env.BASE_URL}images/setup/${name}.svg`;

/** The 11 iOS steps (spec section 2, Setup guide). */
export const iosSteps: readonly Step[] = [
  { text: 'Save the QR code you received by e-mail to your Photos (take a screenshot or save the image).', image: img('save'), alt: 'Saving the QR code image' },
  { text: 'Open Settings.', image: img('gear'), alt: 'The Settings app' },
  { text: 'Tap Cellular (Mobile Data on some models).', image: img('antenna'), alt: 'The Cellular menu' },
  { text: 'Tap Add eSIM.', image: img('plus'), alt: 'The Add eSIM button' },
  { text: 'Choose Use QR Code.', image: img('qr'), alt: 'The Use QR Code option' },
  { text: 'Tap Open Photos and choose the QR code you saved, then tap Continue.', image: img('photo'), alt: 'Picking the saved QR code from Photos' },
  { text: 'Do not close the window while the eSIM installs. Activation can take up to 10 minutes.', image: img('wait'), alt: 'Waiting for activation' },
  { text: 'Tap Done when the installation finishes.', image: img('done'), alt: 'Installation done' },
  { text: 'Set the Default Line to Primary, so calls and messages stay on your usual number.', image: img('primary'), alt: 'Default line set to Primary' },
  { text: 'Set Mobile Data (Cellular Data) to the new eSIM.', image: img('data'), alt: 'Mobile data set to the eSIM' },
  { text: 'Open the eSIM line and turn Data Roaming on.', image: img('roaming'), alt: 'Data roaming switched on' },
];

/** The 15 Android steps (spec section 2, Setup guide); menus vary a little by maker. */
export const androidSteps: readonly Step[] = [
  { text: 'Open the QR code you received by e-mail on another screen, or print it.', image: img('qr'), alt: 'The QR code shown on another screen' },
  { text: 'Quickest way: scan the QR code with your camera app and tap the eSIM notification. Otherwise follow the steps below.', image: img('camera'), alt: 'Scanning the QR code with the camera' },
  { text: 'Open Settings.', image: img('gear'), alt: 'The Settings app' },
  { text: 'Tap Connections.', image: img('antenna'), alt: 'The Connections menu' },
  { text: 'Tap SIM manager (SIM card manager).', image: img('sims'), alt: 'The SIM manager' },
  { text: 'Tap Add eSIM.', image: img('plus'), alt: 'The Add eSIM button' },
  { text: 'Choose Scan QR code from service provider.', image: img('qr'), alt: 'The Scan QR code option' },
  { text: 'Point the camera at the QR code until it is read.', image: img('camera'), alt: 'Camera reading the QR code' },
  { text: 'Tap Add to confirm the new eSIM.', image: img('add'), alt: 'The Add confirmation button' },
  { text: 'Wait while the eSIM activates. This can take up to 10 minutes.', image: img('wait'), alt: 'Waiting for activation' },
  { text: 'Tap Done.', image: img('done'), alt: 'Installation done' },
  { text: 'Leave Calls on your original SIM.', image: img('calls'), alt: 'Calls kept on the original SIM' },
  { text: 'Leave Messages on your original SIM too.', image: img('primary'), alt: 'Messages kept on the original SIM' },
  { text: 'Change Mobile Data to the eSIM.', image: img('data'), alt: 'Mobile data set to the eSIM' },
  { text: 'Turn Data Roaming on for the eSIM.', image: img('roaming'), alt: 'Data roaming switched on' },
];

export type Platform = 'ios' | 'android';

/** The tab a route item preselects: 'android' gives Android, anything else iOS. */
export const platformOf = (item: string | undefined): Platform => (item === 'android' ? 'android' : 'ios');
