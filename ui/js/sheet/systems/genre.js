// GENRE sheet (FORMAT.md "Sheets", RULES.md section 2): level, attributes and powers, skills with
// modifiers, Glory Points and the Grunt / Bust A Nut trackers. The numbers' limits are served by
// Rust (limits.js).

import { rangeText } from '../model.js';

export default {
  system: 'genre',
  root: {
    type: 'object',
    children: [
      {
        type: 'object',
        label: 'Character',
        children: [
          { type: 'int', key: 'level', label: 'Level' },
          { type: 'int', key: 'glory', label: 'Glory Points' },
        ],
      },
      {
        type: 'map',
        key: 'attributes',
        label: 'Attributes',
        itemLabel: 'Attribute',
        keyLabel: 'Attribute',
        help: (limit) => `Renameable; each a level of ${rangeText(limit('attributes.*'))} (one d6 per level).`,
        suggestions: ['Strength', 'Agility', 'Stamina', 'Intellect', 'Presence'],
        newValue: () => 2,
        value: { type: 'int', label: 'Level' },
      },
      {
        type: 'list',
        key: 'powers',
        label: 'Powers',
        itemLabel: 'Power',
        newItem: () => ({ name: '', level: 1 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'level', label: 'Power Factor' },
          ],
        },
      },
      {
        type: 'list',
        key: 'skills',
        label: 'Skills',
        itemLabel: 'Skill',
        newItem: () => ({ name: '', modifier: 1 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'modifier', label: 'Modifier' },
          ],
        },
      },
      {
        type: 'object',
        key: 'trackers',
        label: 'Grunts and Bust A Nut',
        children: [
          {
            type: 'list',
            key: 'grunt_penalties',
            label: 'Grunt penalties pending',
            itemLabel: 'Penalty',
            help: (limit) => `One per action still to come, ${rangeText(limit('trackers.grunt_penalties[]'))}.`,
            newItem: () => -1,
            item: { type: 'int', label: 'Penalty' },
          },
          { type: 'int', key: 'grunts_since_rest', label: 'Grunts since rest' },
          { type: 'int', key: 'nuts_used', label: 'Nuts used this adventure' },
          { type: 'int', key: 'nut_rounds_left', label: 'Rounds at −1 after a Nut' },
        ],
      },
    ],
  },
};
