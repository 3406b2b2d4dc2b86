"""The Kings Reverse engine: rules and presets, the referee, seat views, sentences, events and
the service door.  Pure Python: no Textual, no Rich, no I/O beyond what a caller passes in.

Front ends use the door and its values, never :mod:`.game` (an import-linter contract):

- :class:`.service.ReverseService` ``(rules, seats, seed)``: ``start()``, ``view(seat)``,
  ``act(action)`` for a person (raises :class:`.game.ReverseIllegal`, whose message is the
  sentence to show), ``run_computer_turns()`` or ``begin_decision()`` / ``ReverseDecision.run()``
  in a worker / ``apply_decision()``, ``next_round()``, ``round_summary()``, ``decision_id``
  (changes whenever someone must act anew: a screen redraws on it), ``follow(listener, seat)``
  for the events a seat may see, ``add_listener`` for all of them (transcripts).
- :class:`.views.ReverseView`: the pile and the suit to follow, the direction, the stock count,
  every hand's size and "one card" state, the seat's hand, its legal actions (``legal``; a
  card is playable when an action of ``legal`` names it), the step of the turn (play, drawn,
  give, call, challenge), totals and history.  ``to_dict``/``from_dict`` round-trip it.
- :class:`.actions.Action` and :func:`.actions.parse_action` (``9H``, ``JK S``, ``marry H``,
  ``draw``, ``pass``, ``one``, ``end``, ``give 5C``, ``challenge``, ``accept``).
- :mod:`.describe`: ``describe_event`` (a sentence per event), ``describe_rules``.
- :mod:`.events`: the transcript vocabulary (docs/protocol.md section 6) and ``seat_view``.
- :mod:`.rules`: :class:`.rules.ReverseRules`, ``build_rules``, ``PRESETS``.

Hints in words are :func:`kc_tui.games.kings_reverse.ai.hint` (the AI layer).
"""
