"""The referee: transcript events in, state and result out (decide / evolve / replay)."""
