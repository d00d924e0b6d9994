// Control for check 10: streams the text word by word for any run id, then a done event.
import { serveTool, sleep } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  stream: async (events) => {
    for (const word of ['once ', 'upon ', 'a ', 'time']) {
      events.send({ output_key: 'story', value: word, done: false });
      await sleep(5);
    }
    events.send({ output_key: 'story', value: '', done: true });
    events.end();
  },
});
