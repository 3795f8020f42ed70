import { nextTask } from './nextTask';

// A task break in the entry's evaluation (main.tsx imports it after React DOM).
await nextTask();
