// The playground's agent worker: rebuilds the game from its record (the rules text and the entries
// so far) in its own copy of the engine and answers the move the agent would play, so that a long
// search never blocks the page.
import init, { Game } from './pkg/ludex_wasm.js';

const ready = init();

onmessage = async (event) => {
  const { id, text, record, agent } = event.data;
  try {
    await ready;
    const game = Game.from_record(text, record);
    const notation = game.choose(agent);
    game.free();
    postMessage({ id, notation });
  } catch (error) {
    postMessage({ id, error: String(error.message || error) });
  }
};
