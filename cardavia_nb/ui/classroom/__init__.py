"""The class's widgets, apart from the game pages': the student's class panel and the teacher's page."""
