// Entry point of the window (a module script, so it runs once the page is parsed).
import { startQuickRoll } from './quick-roll.js';

startQuickRoll(document);
