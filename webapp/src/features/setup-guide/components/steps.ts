/**
 * One install step: its catalogue id (text `<id>Text`, image description `<id>Alt` in the
 * setup-guide namespace) and the drawn illustration under public/images/setup.
 */
export type StepId = 'ios1' | 'ios2' | 'ios3' | 'ios4' | 'ios5' | 'ios6' | 'ios7' | 'ios8' | 'ios9' | 'ios10' | 'ios11' | 'android1' | 'android2' | 'android3' | 'android4' | 'android5' | 'android6' | 'android7' | 'android8' | 'android9' | 'android10' | 'android11' | 'android12' | 'android13' | 'android14' | 'android15';
export type Step = { id: StepId; image: string };

const img = (name: string) => `${import.meta.env.BASE_URL}images/setup/${name}.svg`;

/** The 11 iOS steps (spec section 2, Setup guide). */
export const iosSteps: readonly Step[] = [
  { id: 'ios1', image: img('save') },
  { id: 'ios2', image: img('gear') },
  { id: 'ios3', image: img('antenna') },
  { id: 'ios4', image: img('plus') },
  { id: 'ios5', image: img('qr') },
  { id: 'ios6', image: img('photo') },
  { id: 'ios7', image: img('wait') },
  { id: 'ios8', image: img('done') },
  { id: 'ios9', image: img('primary') },
  { id: 'ios10', image: img('data') },
  { id: 'ios11', image: img('roaming') },
];

/** The 15 Android steps (spec section 2, Setup guide); menus vary a little by maker. */
export const androidSteps: readonly Step[] = [
  { id: 'android1', image: img('qr') },
  { id: 'android2', image: img('camera') },
  { id: 'android3', image: img('gear') },
  { id: 'android4', image: img('antenna') },
  { id: 'android5', image: img('sims') },
  { id: 'android6', image: img('plus') },
  { id: 'android7', image: img('qr') },
  { id: 'android8', image: img('camera') },
  { id: 'android9', image: img('add') },
  { id: 'android10', image: img('wait') },
  { id: 'android11', image: img('done') },
  { id: 'android12', image: img('calls') },
  { id: 'android13', image: img('primary') },
  { id: 'android14', image: img('data') },
  { id: 'android15', image: img('roaming') },
];

export type Platform = 'ios' | 'android';

/**
 * The tab the guide opens on: the route item's ('android' or 'ios'), else the visitor's own
 * phone's (`device`, from the user agent), iOS when that is neither. The spec preselects iOS
 * for anything but 'android'; issue 24 asked for the visitor's phone (docs/contract.md).
 */
export const platformOf = (item: string | undefined, device: 'android' | 'ios' | 'other' = 'other'): Platform => {
  if (item === 'android' || item === 'ios') return item;
  return device === 'android' ? 'android' : 'ios';
};
