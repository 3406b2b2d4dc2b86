"""The Kings Reverse engine: rules and presets, the referee, seat views, sentences, events and
the service door.  Pure Python: no Textual, no Rich, no I/O beyond what a caller passes in.

Front ends use :mod:`.service` (:class:`~.service.ReverseService`) and the values of
:mod:`.views`; they never import :mod:`.game`.
"""
