//! Agents that choose moves: random (and later greedy and search), all generic over any game.
