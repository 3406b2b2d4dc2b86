"""Rule options and named presets (docs/rules.md R6), validated into one immutable :class:`RuleSet`."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ....core.errors import RuleError
from ....core.i18n import N_, Domain
from .kinds import DrawTiming, Scoring

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = [
    "RuleSet",
    "PRESETS",
    "PRESET_NOTES",
    "OPTION_NOTES",
    "preset_name",
    "preset_note",
    "DRAW_TIMINGS",
    "SCORINGS",
    "DEFAULT_TARGETS",
    "OPTION_NAMES",
    "build_rules",
    "rules_label",
    "parse_rule_assignment",
]


DRAW_TIMINGS = tuple(DrawTiming)
SCORINGS = tuple(Scoring)
DEFAULT_TARGETS: Mapping[str, int] = MappingProxyType({
    Scoring.CLASSIC: 25, Scoring.FACE: 25, Scoring.ALTERNATIVE: 250, Scoring.CHIPS: 100, Scoring.NONE: 0,
})
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_TARGET = 100_000


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules in force for a session: player count plus every R6 option.

    Build one with :func:`build_rules` (or :meth:`checked`), which refuses what cannot be dealt.
    """

    players: int = 4
    hand_size: int = 7
    draw: DrawTiming = DrawTiming.START
    kings_to_corners_at_deal: bool = False
    mandatory_kings: bool = False
    royal_kings: bool = False
    scoring: Scoring = Scoring.CLASSIC
    target: int = 25

    def __post_init__(self) -> None:
        # Options arrive as words (a transcript, a save, the command line); a known word becomes
        # its enum member, an unknown one is left for :meth:`checked` to refuse in a sentence.
        if self.draw in DRAW_TIMINGS:
            object.__setattr__(self, "draw", DrawTiming(self.draw))
        if self.scoring in SCORINGS:
            object.__setattr__(self, "scoring", Scoring(self.scoring))

    def checked(self, called: Callable[[str], str] | None = None) -> RuleSet:
        """Return self if it can be dealt and played, else raise :class:`RuleError` (R6).
        ``called`` names an option as the asker does (the new-game form: "Cards dealt"; by
        default its key, as the command line's ``--rule`` writes it)."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RuleError(_("players must be from {least} to {most} (R2); got {players}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, players=self.players))
        if self.hand_size < 1:
            raise RuleError(_("hand_size must be at least 1; got {hand_size}").format(
                hand_size=self.hand_size))
        needed = self.players * self.hand_size + 4
        if needed > 52:
            most = (52 - 4) // self.players
            raise RuleError(_(
                "{players} players x {hand_size} cards + 4 edge cards needs {needed} cards; a deck "
                "has 52 ({option} can be at most {most} for {players} players)"
            ).format(players=self.players, hand_size=self.hand_size, needed=needed, most=most,
                     option=called("hand_size") if called else "hand_size"))
        if self.draw not in DRAW_TIMINGS:
            raise RuleError(_one_of("draw", DRAW_TIMINGS, self.draw))
        if self.scoring not in SCORINGS:
            raise RuleError(_one_of("scoring", SCORINGS, self.scoring))
        if self.scoring != "none" and not 1 <= self.target <= MAX_TARGET:
            raise RuleError(_("target must be from 1 to {most}; got {target}").format(
                most=MAX_TARGET, target=self.target))
        return self

    def as_dict(self) -> dict[str, Any]:
        """The ``rules`` object of the transcript (docs/protocol.md section 1), keys in order."""
        return {
            "players": self.players,
            "hand_size": self.hand_size,
            "draw": str(self.draw),
            "kings_to_corners_at_deal": self.kings_to_corners_at_deal,
            "mandatory_kings": self.mandatory_kings,
            "royal_kings": self.royal_kings,
            "scoring": str(self.scoring),
            "target": self.target,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Rebuild from :meth:`as_dict` output (unknown keys ignored); checked."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        for name, value in values.items():
            kind = _OPTION_TYPES[name]
            if kind is bool and not isinstance(value, bool) or (
                kind is int and (not isinstance(value, int) or isinstance(value, bool))
            ) or (kind is str and not isinstance(value, str)):
                raise RuleError(_must_be(name, kind, value))
        return cls(**values).checked()


OPTION_NAMES = tuple(f.name for f in fields(RuleSet))
_OPTION_TYPES: dict[str, type] = {
    "players": int, "hand_size": int, "draw": str, "kings_to_corners_at_deal": bool,
    "mandatory_kings": bool, "royal_kings": bool, "scoring": str, "target": int,
}
_TYPE_WORDS = {int: N_("{name} must be a whole number; got {value}"),
               bool: N_("{name} must be true or false; got {value}"),
               str: N_("{name} must be a word; got {value}")}


def _must_be(name: str, kind: type, value: Any) -> str:
    return _(_TYPE_WORDS[kind]).format(name=name, value=repr(value))


def _one_of(name: str, choices: tuple[str, ...], value: Any) -> str:
    return _("{name} must be one of {choices}; got {value}").format(
        name=name, choices=", ".join(choices), value=repr(value))

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "standard": {},
    "classic-deal": {"hand_size": 10},
    "long-deal": {"hand_size": 9},
    "six-card": {"hand_size": 6},
    "no-draw": {"draw": "none", "hand_size": 13},
    "draw-end": {"draw": "end"},
    "mandatory": {"draw": "end", "mandatory_kings": True, "kings_to_corners_at_deal": True},
    "royal": {"royal_kings": True},
    "boxed": {"draw": "end", "scoring": "chips", "target": 100},
    "high-stakes": {"scoring": "alternative", "target": 250},
})
"""R6 presets: the options each sets on top of the defaults (read-only)."""

PRESET_NOTES: dict[str, str] = {
    "standard": N_("all defaults: 7 cards, draw at start, classic scoring to 25"),
    "classic-deal": N_("10-card hands"),
    "long-deal": N_("9-card hands (for 2-3 players)"),
    "six-card": N_("6-card hands (for 5 players)"),
    "no-draw": N_("nobody draws; 13-card hands (2-3 players)"),
    "draw-end": N_("draw when you end your turn (the second rule sheet's turn order)"),
    "mandatory": N_("draw at the end, Kings must be played, Kings dealt to edges go to corners"),
    "royal": N_("each King played from hand earns an extra turn"),
    "boxed": N_("the boxed edition: draw at the end, chips scoring to 100"),
    "high-stakes": N_("alternative scoring (Aces 25) to 250"),
}


OPTION_NOTES: Mapping[str, str] = MappingProxyType({
    "hand_size": N_("cards dealt to each player: a number (7)"),
    "draw": N_("when a player draws: start, end or none (start)"),
    "kings_to_corners_at_deal": N_("Kings dealt to the edges go to the corners: on or off (off)"),
    "mandatory_kings": N_("a King must go to an empty corner at the first chance: on or off (off)"),
    "royal_kings": N_("each King played from hand earns an extra turn: on or off (off)"),
    "scoring": N_("how rounds are scored: classic, face, alternative, chips or none (classic)"),
    "target": N_("the total that ends the session: a number (25; 250 with alternative scoring, 100 "
                 "with chips)"),
})
"""What each option a player may set does, with its values and default (R6), in words: msgids,
said with the catalog's ``_`` where shown (``players`` is set by the seats)."""


_PRESET_NAMES = {
    # Translators: the names of the rule presets, on the new-game form and in the rules' title
    # (the command line's --preset keeps the English one, and docs/rules.md R6 describes each).
    "standard": N_("standard"), "classic-deal": N_("classic-deal"), "long-deal": N_("long-deal"),
    "six-card": N_("six-card"), "no-draw": N_("no-draw"), "draw-end": N_("draw-end"),
    "mandatory": N_("mandatory"), "royal": N_("royal"), "boxed": N_("boxed"),
    "high-stakes": N_("high-stakes"),
}


def preset_name(preset: str) -> str:
    """A preset's name in the language being served (one this game does not have, as it is)."""
    return _(_PRESET_NAMES[preset]) if preset in _PRESET_NAMES else preset


def preset_note(preset: str) -> str:
    """What a preset sets, in a few words, in the language being served."""
    return _(PRESET_NOTES[preset])


def _unknown_option(key: str) -> str:
    return _("unknown rule option {key}; the options are {options}").format(
        key=repr(key), options=", ".join(name for name in OPTION_NAMES if name != "players"))


def _coerce(name: str, text: str) -> Any:
    kind = _OPTION_TYPES[name]
    t = text.strip().lower()
    if kind is bool:
        if t in ("true", "yes", "on", "1"):
            return True
        if t in ("false", "no", "off", "0"):
            return False
        raise RuleError(_must_be(name, bool, text))
    if kind is int:
        try:
            return int(t)
        except ValueError:
            raise RuleError(_must_be(name, int, text)) from None
    if name == "draw" and t not in DRAW_TIMINGS:
        raise RuleError(_one_of("draw", DRAW_TIMINGS, text))
    if name == "scoring" and t not in SCORINGS:
        raise RuleError(_one_of("scoring", SCORINGS, text))
    return t


def parse_rule_assignment(text: str) -> tuple[str, Any]:
    """Parse ``KEY=VALUE`` (as given to ``--rule``) into an option name and a typed value."""
    if "=" not in text:
        raise RuleError(_("a rule is written KEY=VALUE, for example target=50; got {text}").format(
            text=repr(text)))
    key, _sep, value = text.partition("=")
    key = key.strip().lower().replace("-", "_")
    if key not in _OPTION_TYPES:
        raise RuleError(_unknown_option(key))
    return key, _coerce(key, value)


def build_rules(
    players: int,
    preset: str = "standard",
    overrides: Mapping[str, Any] | None = None,
    called: Callable[[str], str] | None = None,
) -> RuleSet:
    """The rules for ``players`` seats: a preset, then single options on top (R6); ``called``
    names an option in a refusal (:meth:`RuleSet.checked`).

    ``target`` follows the scoring in force (25, 250 or 100) unless the preset or an override
    sets it.  Raises :class:`RuleError` for an unknown preset or what cannot be dealt.
    """
    if preset not in PRESETS:
        raise RuleError(_("unknown preset {preset}; the presets are {presets}").format(
            preset=repr(preset), presets=", ".join(PRESETS)))
    options: dict[str, Any] = dict(PRESETS[preset])
    for key, value in (overrides or {}).items():
        if key not in _OPTION_TYPES:
            raise RuleError(_unknown_option(key))
        kind = _OPTION_TYPES[key]
        if isinstance(value, str):
            value = _coerce(key, value)
        elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RuleError(_must_be(key, kind, value))
        options[key] = value
    if "players" in options and options["players"] != players:
        raise RuleError(_("players is set by the seats given ({players}); got players={given}").format(
            players=players, given=options["players"]))
    options["players"] = players
    if "target" not in options:
        options["target"] = DEFAULT_TARGETS[options.get("scoring", "classic")]
    return replace(RuleSet(), **options).checked(called)


def rules_label(rules: RuleSet) -> str:
    """The rules in a few words, to tell saved games apart: the preset they are, or the nearest
    preset and the options set on top (``boxed, target 50``), the preset named in the language
    served."""
    def differences(preset: str) -> list[str]:
        # Each option as the preset with the options before it set has it: a scoring set on top
        # brings its own target, so a target kept at 25 under chips is said (the label gives the
        # rules back when read as options).
        overrides: dict[str, Any] = {}
        for name in OPTION_NAMES:
            if getattr(rules, name) != getattr(build_rules(rules.players, preset, overrides), name):
                overrides[name] = getattr(rules, name)
        return [f"{name} {_word(value)}" for name, value in overrides.items()]

    best: list[str] | None = None
    name = "standard"
    for preset in PRESETS:
        try:
            diff = differences(preset)
        except RuleError:
            continue  # a preset that cannot be dealt to this many players
        if best is None or len(diff) < len(best):
            best, name = diff, preset
    # The preset in the reader's language ("estándar"); the options as they are typed.
    return ", ".join([preset_name(name), *(best or [])])


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
